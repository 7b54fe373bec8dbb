/**
 * "Answers": the questions a suite declares (see `AnswerDeclaration` in the harness), each answered
 * from the reports of one engine as a ratio of two results with its fork-level interval, and one of
 * three outcomes — decided, equivalent within the threshold, or undetermined (with why, and how many
 * more fork pairs would probably settle it). The statistics and the lines are the harness's, the same
 * the run used to decide which lines needed more forks. Nothing here knows a benchmark or an axis:
 * every name comes from the report.
 */
import {
  ANSWER_THRESHOLD,
  answerLines as answerAllLines,
  FORK_CONFIDENCE,
  LOOK_CONFIDENCE,
  MAX_ESTIMATED_PAIRS,
  MAX_PAIRS_PER_LINE,
  MIN_FORKS_FOR_INTERVAL,
  perPoints,
  sideMatches,
  spreadGroup,
  type AnswerEstimate,
  type LineAnswer,
  type LineSides,
  type SideResult,
} from '@dbbench/harness/compare';
import type {
  DbbenchAnswer as AnswerDeclaration,
  DbbenchAnswerSide as AnswerSide,
} from '@dbbench/harness/report';
import { compareParamValues, formatNumber } from './format.js';
import { histogramPercentileForks } from '@dbbench/harness';
import { crossingLine } from './crossing-answer.js';
import { unequalTerms } from './unequal-terms.js';
import type { ResultRow } from './result-row.js';

/** What a line came to: the three outcomes, or no answer at all (a side missing or failed). */
export type LineOutcome = 'decided' | 'equivalent' | 'undetermined' | 'unanswered';

/** One answered line: the page's sentence, and its verdict alone, which the hub puts side by side. */
export interface AnswerLine {
  /** The `per` axes' values this line is about, e.g. `{ dataSize: '100000' }`. */
  readonly at: Readonly<Record<string, string>>;
  /** Those values as the page names them, e.g. "dataSize 100,000"; empty without `per` axes. */
  readonly atLabel: string;
  /** Markdown sentence, e.g. "**COPY** is 6.0× faster than multi-row INSERT (5.7–6.3×) to seed 100,000 rows". */
  readonly sentence: string;
  /**
   * The sentence without the `per` values, the context and the reason, e.g. "**COPY** is 6.0×
   * (5.7–6.3×) faster than multi-row INSERT": what the hub shows, in the page's words.
   */
  readonly verdict: string;
  readonly outcome: LineOutcome;
  /** Who a decided line favours, in words ("COPY faster", "latency.p99 lower with …"): what a change of verdict compares. */
  readonly winner?: string;
  /**
   * For speed and share answers: the candidate's speed over the baseline's (above 1: faster) with
   * its interval, for the answers chart; absent when unanswered or comparing another metric.
   */
  readonly speed?: { readonly ratio: number; readonly low: number; readonly high: number };
}

/** A declared question with its lines. */
export interface Answer {
  /** The suite that declared it. */
  readonly suite: string;
  /**
   * Its place among the suite's answers: the same question on every engine, even where the engine
   * names it differently (its bulk path), so the hub can put engines side by side.
   */
  readonly position: number;
  readonly question: string;
  /**
   * What follows the bold question on its line: nothing when the question ends in punctuation, else
   * a colon, so the line is never emphasis standing in for a heading (markdownlint MD036).
   */
  readonly questionEnd: string;
  readonly lines: readonly AnswerLine[];
  /** A bound question (`crossing`): its one line says where a metric first passes a bound, not a ratio. */
  readonly crossing?: boolean;
}

/** See {@link Answer.questionEnd}. */
export function questionEnd(question: string): string {
  return /[.,;:!?]$/.test(question.trim()) ? '' : ':';
}

/** A declaration with the suite that made it (its sides name that suite's benchmarks unless they say otherwise). */
interface Declared {
  readonly suite: string;
  readonly declaration: AnswerDeclaration;
  readonly order: number;
}

/** The declarations the rows carry, each once (results repeat them), in first-seen order. */
export function declaredAnswers(rows: readonly ResultRow[]): AnswerDeclaration[] {
  return declarations(rows).map((declared) => declared.declaration);
}

function declarations(rows: readonly ResultRow[]): Declared[] {
  const seen = new Map<string, Declared>();
  for (const row of rows) {
    const suite = row.dbbench?.suite ?? '';
    for (const { order, ...declaration } of row.dbbench?.answers ?? []) {
      const key = JSON.stringify([suite, declaration]);
      if (!seen.has(key)) seen.set(key, { suite, declaration, order: order ?? Number.MAX_SAFE_INTEGER });
    }
  }
  // As the suite declared them (stable for declarations without a position: first seen first).
  return [...seen.values()].sort((a, b) => a.order - b.order);
}

/**
 * Answers every declaration the rows carry, from the rows: one engine's results, of every suite, so
 * a question may compare results of two suites (a side that names its `suite`).
 */
export function answersOf(rows: readonly ResultRow[]): Answer[] {
  const positions = new Map<string, number>();
  const declared = declarations(rows).map(({ suite, declaration }) => {
    const position = positions.get(suite) ?? 0;
    positions.set(suite, position + 1);
    return {
      suite,
      declaration,
      position,
      prepared: declaration.crossing === undefined ? prepareLines(declaration, rows, suite) : undefined,
    };
  });
  // Every line of the page answered at once: the paired lines of one suite's benchmark and metric
  // share a spread prior (see the harness's `answerLines`), as they did in the run.
  const pending = declared.flatMap(({ prepared }) =>
    (prepared ?? []).flatMap((line) => ('sides' in line ? [line] : [])),
  );
  const answers = answerAllLines(
    pending.map((line) => line.sides),
    (answer, index) =>
      spreadGroup(
        answer.candidate.item.dbbench?.suite ?? '',
        answer.candidate.item.benchmark,
        pending[index]?.metric,
      ),
  );
  const finished = new Map(pending.map((line, index) => [line, line.finish(answers[index])]));
  return declared.map(({ suite, declaration, position, prepared }) => ({
    suite,
    position,
    question: declaration.question,
    questionEnd: questionEnd(declaration.question),
    ...(prepared === undefined
      ? { lines: [crossingLine(declaration, rows, suite)], crossing: true }
      : {
          lines: prepared.map((line) => ('sides' in line ? (finished.get(line) as AnswerLine) : line.done)),
        }),
  }));
}

/** A line before the statistics: answered already (a problem), or its sides and how to phrase it. */
type PreparedLine =
  | { readonly done: AnswerLine }
  | {
      readonly sides: LineSides<ResultRow>;
      readonly metric: string | undefined;
      finish(answer: LineAnswer<ResultRow> | undefined): AnswerLine;
    };

/** A row as a declaration sees it (its suite, short benchmark name, params). */
function itemOf(row: ResultRow): {
  suite: string;
  benchmark: string;
  params: Readonly<Record<string, string>>;
} {
  return { suite: row.dbbench?.suite ?? '', benchmark: row.benchmark, params: row.params };
}

function matches(
  row: ResultRow,
  side: AnswerSide,
  at: Readonly<Record<string, string>>,
  suite: string,
): boolean {
  return sideMatches(itemOf(row), side, at, suite);
}

/** Every combination of the `per` axes' values the candidate side was measured at, in axis order. */
function perValues(
  declaration: AnswerDeclaration,
  rows: readonly ResultRow[],
  suite: string,
): Record<string, string>[] {
  const per = declaration.per ?? [];
  return perPoints(declaration, rows.map(itemOf), suite).sort((a, b) => {
    for (const axis of per) {
      const order = compareParamValues(a[axis] ?? '', b[axis] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** A row's values of the declared metric (primary score by default), as an answer's side. */
function sideResultOf(row: ResultRow, metric: string | undefined): SideResult<ResultRow> | undefined {
  const value = metric === undefined ? row.primary : row.secondary[metric];
  if (value === undefined) return undefined;
  const higherIsBetter = metric === undefined ? row.higherIsBetter : row.secondaryHigherIsBetter[metric];
  if (higherIsBetter === undefined || typeof value.score !== 'number') return undefined;
  const rounds = row.dbbench?.forkRounds;
  // A tail percentile the result keeps as HDR histograms is read per fork from them, as the run does.
  const fromHistograms =
    metric === undefined ? undefined : histogramPercentileForks(row.dbbench?.histograms, metric);
  return {
    item: row,
    series: { rawData: fromHistograms ?? value.rawData, ...(rounds === undefined ? {} : { rounds }) },
    higherIsBetter,
  };
}

/**
 * The display name of a side: its declared label, else the display names of the fixed values that
 * tell it from the other side (`poolSize 10` on both sides names neither).
 */
function sideLabel(
  side: AnswerSide,
  row: ResultRow | undefined,
  varying: readonly string[],
  other?: AnswerSide,
): string {
  const fixed = Object.entries(side.where ?? {})
    .filter(
      ([axis, value]) =>
        other === undefined || other.where?.[axis] !== value || other.benchmark !== side.benchmark,
    )
    .map(([axis, value]) => row?.dbbench?.valueLabels?.[axis] ?? `${axis} ${numberOrName(value)}`);
  const base = side.label ?? (fixed.length > 0 ? fixed.join(', ') : side.benchmark);
  if (row === undefined || varying.length === 0) return base;
  const configuration = varying.map((axis) => `${axis} ${valueName(row, axis)}`).join(', ');
  return `${base} (${configuration})`;
}

function valueName(row: ResultRow, axis: string): string {
  return row.dbbench?.valueLabels?.[axis] ?? numberOrName(row.params[axis] ?? '');
}

/** An axis value as a sentence writes it: integers grouped ("100,000"), names as they are. */
function numberOrName(value: string): string {
  return /^\d+$/.test(value) ? formatNumber(Number(value), 21) : value;
}

/** Axes whose values differ between the rows (the configuration a "best" pick must name). */
function varyingAxes(rows: readonly ResultRow[]): string[] {
  const axes = new Set(rows.flatMap((row) => Object.keys(row.params)));
  return [...axes].filter((axis) => new Set(rows.map((row) => row.params[axis])).size > 1);
}

type Pick =
  | { readonly results: SideResult<ResultRow>[]; readonly varying: readonly string[] }
  | { readonly problem: string };

/** The results a side is made of at a line: one, or the candidates of a best pick; or why there are none. */
function pickSide(
  side: AnswerSide,
  rows: readonly ResultRow[],
  at: Readonly<Record<string, string>>,
  metric: string | undefined,
  suite: string,
): Pick {
  const candidates = rows.filter((row) => matches(row, side, at, suite));
  const name = sideLabel(side, candidates[0], []);
  if (candidates.length === 0) return { problem: `${name} was not measured here` };
  if (!side.best && candidates.length > 1) {
    return { problem: `${candidates.length} results of ${name} match; the declaration must fix one` };
  }
  const failed = candidates.filter((row) => row.status === 'failed');
  // A best pick among results of which some failed could be a failure's winner: say so instead.
  if (failed.length === candidates.length) return { problem: `${name} failed` };
  if (failed.length > 0)
    return { problem: `${failed.length} of ${candidates.length} results of ${name} failed` };
  const results = candidates.flatMap((row) => sideResultOf(row, metric) ?? []);
  if (results.length < candidates.length) return { problem: `${name} has no ${metric ?? 'score'}` };
  return { results, varying: side.best ? varyingAxes(candidates) : [] };
}

/** A ratio at a fixed precision, so columns and sentences line up: "0.33", "6.0", "12". */
function ratioNumber(value: number): string {
  if (value < 1) return value.toPrecision(2);
  if (value < 10) return value.toFixed(1);
  return formatNumber(Math.round(value), 21);
}

function times(value: number): string {
  return `${ratioNumber(value)}×`;
}

/**
 * An interval's bound: two decimals near 1, where the usual digits would print 1.02 as "1.0" and a
 * decided line's interval, which excludes 1, would seem to hold it ("1.02–1.4×", not "1.0–1.4×").
 */
function boundNumber(value: number): string {
  return value >= 0.995 && value < 1.1 ? value.toFixed(2) : ratioNumber(value);
}

function span(low: number, high: number): string {
  return `${boundNumber(low)}–${boundNumber(high)}×`;
}

/** An interval near 1 with two decimals, so an equivalence shows how close it is: "0.97–1.04×". */
function nearSpan(low: number, high: number): string {
  return `${low.toFixed(2)}–${high.toFixed(2)}×`;
}

function contextText(declaration: AnswerDeclaration, row: ResultRow): string {
  if (declaration.context === undefined) return '';
  return ` ${declaration.context.replace(/\{(\w+)\}/g, (whole, axis: string) =>
    row.params[axis] === undefined ? whole : valueName(row, axis),
  )}`;
}

function perLabel(at: Readonly<Record<string, string>>, row: ResultRow | undefined): string {
  return Object.keys(at)
    .map((axis) => `${axis} ${row === undefined ? (at[axis] ?? '') : valueName(row, axis)}`)
    .join(', ');
}

function prepareLines(
  declaration: AnswerDeclaration,
  rows: readonly ResultRow[],
  suite: string,
): PreparedLine[] {
  const points = perValues(declaration, rows, suite);
  if (points.length === 0) {
    return [
      {
        done: {
          at: {},
          atLabel: '',
          sentence: 'not measured in this report',
          verdict: 'not measured in this report',
          outcome: 'unanswered',
        },
      },
    ];
  }
  return points.map((at) => prepareLine(declaration, rows, at, suite));
}

/** The machine a row was measured on, as far as a report tells. */
function machineOf(row: ResultRow): string {
  const environment = row.dbbench?.environment;
  return environment === undefined
    ? ''
    : `${environment.cpuModel}, ${environment.cores} cores, ${Math.round(environment.memoryBytes / 2 ** 30)} GiB`;
}

function unanswered(
  at: Readonly<Record<string, string>>,
  atLabel: string,
  lead: string,
  problem: string,
): AnswerLine {
  return {
    at,
    atLabel,
    sentence: `${lead}not answered: ${problem}`,
    verdict: `not answered: ${problem}`,
    outcome: 'unanswered',
  };
}

function prepareLine(
  declaration: AnswerDeclaration,
  rows: readonly ResultRow[],
  at: Readonly<Record<string, string>>,
  suite: string,
): PreparedLine {
  const baseline = pickSide(declaration.baseline, rows, at, declaration.metric, suite);
  const candidate = pickSide(declaration.candidate, rows, at, declaration.metric, suite);
  const someRow = rows.find((row) => matches(row, declaration.candidate, at, suite));
  const atLabel = perLabel(at, someRow);
  const lead = atLabel === '' ? '' : `${atLabel}: `;
  if ('problem' in candidate) return { done: unanswered(at, atLabel, lead, candidate.problem) };
  if ('problem' in baseline) return { done: unanswered(at, atLabel, lead, baseline.problem) };
  // A ratio of two machines measures the machines: refuse it (merged shards keep a question together).
  const machines = new Set(
    [...baseline.results, ...candidate.results].map((result) => machineOf(result.item)),
  );
  if (machines.size > 1) {
    return {
      done: unanswered(
        at,
        atLabel,
        lead,
        `its results were measured on different machines (${[...machines].join('; ')})`,
      ),
    };
  }
  // A ratio of two sets of settings measures the settings: refuse it (e.g. one driver pipelining).
  const unequal = unequalTerms(
    baseline.results.map((result) => result.item),
    candidate.results.map((result) => result.item),
  );
  if (unequal !== undefined) {
    return { done: unanswered(at, atLabel, lead, `its sides ran on different settings (${unequal})`) };
  }
  return {
    sides: { baseline: baseline.results, candidate: candidate.results },
    metric: declaration.metric,
    finish: (answer) =>
      answer === undefined
        ? unanswered(at, atLabel, lead, 'no positive values to form a ratio')
        : phraseLine(declaration, answer, { at, atLabel, lead }, baseline.varying, candidate.varying),
  };
}

/** The page's line of an answered line. */
function phraseLine(
  declaration: AnswerDeclaration,
  answer: LineAnswer<ResultRow>,
  { at, atLabel, lead }: { at: Readonly<Record<string, string>>; atLabel: string; lead: string },
  baselineVarying: readonly string[],
  candidateVarying: readonly string[],
): AnswerLine {
  const names = {
    baseline: sideLabel(declaration.baseline, answer.baseline.item, baselineVarying, declaration.candidate),
    candidate: sideLabel(
      declaration.candidate,
      answer.candidate.item,
      candidateVarying,
      declaration.baseline,
    ),
  };
  const context = contextText(declaration, answer.candidate.item);
  const { verdict, reason, outcome, winner, speed } = phrase(declaration, answer, names);
  const marker = methodMarker(answer.estimate);
  return {
    at,
    atLabel,
    sentence: `${lead}${verdict}${context}${reason}${marker}`,
    verdict: `${verdict}${marker}`,
    outcome,
    ...(winner === undefined ? {} : { winner }),
    ...(speed === undefined ? {} : { speed }),
  };
}

/** The band of equivalence as the pages write it, "±10%". */
export const THRESHOLD_TEXT = `±${Math.round(ANSWER_THRESHOLD * 100)}%`;

/** Where the spread a line without an interval is projected with comes from, as the pages say it. */
const ASSUMED_SPREAD_TEXT = {
  group: 'the spread its benchmark’s lines share',
  run: 'the spread of the page’s paired lines',
  assumed: 'an assumed spread (no line has measured one)',
} as const;

/** Why an undetermined line is undetermined, and what would settle it. */
function undeterminedReason(answer: LineAnswer<ResultRow>): string {
  const { estimate, morePairs } = answer;
  if (estimate.method === 'range') {
    const forks = `${estimate.n} fork${estimate.n === 1 ? '' : 's'} a side`;
    const why = estimate.n < 2 ? forks : `${forks} and no spread shared with other lines of its benchmark`;
    const { assumed } = answer;
    // Sides measured apart (two suites) are not projected: only forks a side give them an interval.
    const projection =
      assumed === undefined
        ? `a run with ${MIN_FORKS_FOR_INTERVAL} or more forks a side would give one`
        : morePairs === undefined
          ? `at ${ASSUMED_SPREAD_TEXT[assumed.source]}, a ratio this near 1 would take more than ${MAX_ESTIMATED_PAIRS} fork pairs to settle`
          : `about ${morePairs} more fork pair${morePairs === 1 ? '' : 's'} would settle it at ${ASSUMED_SPREAD_TEXT[assumed.source]}`;
    return `${why}, so no interval: the range of the forks is shown; ${projection}`;
  }
  const what = (count: number): string =>
    estimate.method === 'paired'
      ? `fork pair${count === 1 ? '' : 's'}`
      : `fork${count === 1 ? '' : 's'} a side`;
  if (morePairs === undefined) {
    return `its spread is so wide for a ratio this near 1 that ${MAX_ESTIMATED_PAIRS} ${what(2)} in all would not settle it (${estimate.n} so far)`;
  }
  const how =
    estimate.method === 'paired'
      ? ''
      : ' (the two suites run apart, so only a run of both with more forks adds them)';
  return `about ${morePairs} more ${what(morePairs)} would settle it (${estimate.n} so far)${how}`;
}

/** ‡ marks a line whose sides were not measured in shared rounds. */
function methodMarker(estimate: AnswerEstimate): string {
  return estimate.method === 'unpaired' ? ' ‡' : '';
}

/**
 * What a line says, in parts: its verdict (the winner first), then the sentence's context and, for
 * an undetermined line, why. The page writes all of it; the hub writes the verdict alone, the same
 * words, so the two never disagree.
 */
interface Phrase {
  readonly verdict: string;
  /** Appended after the context: why an undetermined line is undetermined. */
  readonly reason: string;
  readonly outcome: LineOutcome;
  readonly winner?: string;
  readonly speed?: AnswerLine['speed'];
}

function phrase(
  declaration: AnswerDeclaration,
  answer: LineAnswer<ResultRow>,
  names: { readonly baseline: string; readonly candidate: string },
): Phrase {
  const { estimate, outcome } = answer;
  const interval = span(estimate.low, estimate.high);
  const undetermined = outcome === 'undetermined' ? `; ${undeterminedReason(answer)}` : '';
  if (declaration.phrasing === 'value') {
    const metric = declaration.metric ?? 'score';
    if (outcome === 'decided') {
      const ratioText = `${times(estimate.ratio)} (${interval})`;
      return {
        verdict: `${metric} with **${names.candidate}** is ${ratioText} that with ${names.baseline}`,
        reason: '',
        outcome,
        winner: `${metric} ${estimate.ratio > 1 ? 'higher' : 'lower'} with ${names.candidate}`,
      };
    }
    if (outcome === 'equivalent') {
      const near = nearSpan(estimate.low, estimate.high);
      return {
        verdict: `${metric}: the same with ${names.candidate} and ${names.baseline} within ${THRESHOLD_TEXT} (${near})`,
        reason: '',
        outcome,
      };
    }
    return {
      verdict: `undetermined: ${metric} with ${names.candidate} is ${interval} that with ${names.baseline}`,
      reason: undetermined,
      outcome,
    };
  }
  // Speed: how many times faster the candidate is (time scores invert).
  const invert = !answer.candidate.higherIsBetter;
  const factor = invert ? 1 / estimate.ratio : estimate.ratio;
  const factorLow = invert ? 1 / estimate.high : estimate.low;
  const factorHigh = invert ? 1 / estimate.low : estimate.high;
  const speed = { ratio: factor, low: factorLow, high: factorHigh };
  const factorSpan = span(factorLow, factorHigh);
  if (declaration.phrasing === 'share') {
    const share = `${times(factor)} (${factorSpan})`;
    return {
      verdict: `**${names.candidate}** reaches ${share} the speed of ${names.baseline}`,
      reason:
        outcome === 'undetermined' ? `; undetermined against equal speed: ${undeterminedReason(answer)}` : '',
      outcome,
      winner: `${names.candidate} ${factor >= 1 ? 'faster' : 'slower'}`,
      speed,
    };
  }
  if (outcome === 'equivalent') {
    const near = nearSpan(factorLow, factorHigh);
    return {
      verdict: `${names.candidate} and ${names.baseline}: the same speed within ${THRESHOLD_TEXT} (${near})`,
      reason: '',
      outcome,
      speed,
    };
  }
  if (outcome === 'undetermined') {
    return {
      verdict: `undetermined: ${names.candidate} is ${factorSpan} the speed of ${names.baseline}`,
      reason: undetermined,
      outcome,
      speed,
    };
  }
  if (factor >= 1) {
    const verdict = `**${names.candidate}** is ${times(factor)} (${factorSpan}) faster than ${names.baseline}`;
    return { verdict, reason: '', outcome, winner: `${names.candidate} faster`, speed };
  }
  // The baseline wins: name the winner first, with the inverted ratio.
  const ratioText = `${times(1 / factor)} (${span(1 / factorHigh, 1 / factorLow)})`;
  const verdict = `**${names.baseline}** is ${ratioText} faster than ${names.candidate}`;
  return { verdict, reason: '', outcome, winner: `${names.baseline} faster`, speed };
}

/** How many lines of `answers` came to each outcome. */
export function outcomeCounts(answers: readonly Answer[]): Record<LineOutcome, number> {
  const counts: Record<LineOutcome, number> = { decided: 0, equivalent: 0, undetermined: 0, unanswered: 0 };
  for (const answer of answers) for (const line of answer.lines) counts[line.outcome] += 1;
  return counts;
}

/** "34 decided, 5 equivalent, 2 undetermined" (and the unanswered, when there are any). */
export function outcomeSummary(answers: readonly Answer[]): string {
  const counts = outcomeCounts(answers);
  const parts = [
    `${counts.decided} decided`,
    `${counts.equivalent} equivalent`,
    `${counts.undetermined} undetermined`,
  ];
  if (counts.unanswered > 0) parts.push(`${counts.unanswered} not answered`);
  return parts.join(', ');
}

/** An answer line's interval level as the pages write it, "99%" (the level of each look the run takes). */
export const LEVEL_TEXT = `${Math.round(LOOK_CONFIDENCE * 100)}%`;

/** The note under the answers: the three outcomes, the threshold, the level, and the marks. */
export const ANSWERS_NOTE =
  `Each ratio carries its ${LEVEL_TEXT} interval with the fork as the unit: the run measures the two sides of a line in shared rounds (one fork of each per round, in random order), and the interval is a Student t over the rounds' log ratios. ` +
  `The level is ${LEVEL_TEXT} because the run looks at a line after every fork pair it adds and stops when the line settles (at most ${MAX_PAIRS_PER_LINE} pairs): at ${LEVEL_TEXT} a look, a line with no difference ends decided about 5% of the time over all its looks — the ${Math.round(FORK_CONFIDENCE * 100)}% of the tables — where ${Math.round(FORK_CONFIDENCE * 100)}% a look would call about 13% of such lines (simulated). ` +
  `**Equivalent**: the whole interval lies inside ${THRESHOLD_TEXT} of equality ("the same"; the band is 0.91–1.1×, symmetric on the log scale, so it reads the same as a speed or a time). **Decided**: otherwise, the interval excludes 1 — the winner is known, and the interval says by how much (it may reach into the band). **Undetermined**: the interval holds 1 and reaches beyond ${THRESHOLD_TEXT}; the line says why and about how many more fork pairs would settle it (\`--budget\` gives the run more time for them). ` +
  'No interval is formed from fewer than 3 forks or pairs, or 2 pairs when 4 or more paired lines of the same benchmark and metric share their spread (an empirical-Bayes prior of their variances, worth at most 10 pairs’ degrees of freedom). A side that takes the best of several configurations has its level Bonferroni-adjusted for the pick. ' +
  '‡ the sides were not measured in shared rounds (results of two suites): their forks are compared unpaired. ' +
  'A percentile of a distribution kept as HDR histograms (the open loop’s latency) counts, per fork, all of that fork’s requests. ' +
  'A question of where a metric first passes a bound reads each step’s interval against it: decided when the steps around it lie wholly below and wholly above it; a step of one fork has no interval and decides nothing. ' +
  'For a verdict on a change between two commits, use `npx turbo run bench:compare`.';
