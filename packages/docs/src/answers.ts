/**
 * "Answers": the questions a suite declares (see `AnswerDeclaration` in the harness), each answered
 * from one report as a ratio of two results with its interval — by the same statistics as
 * `dbbench compare` (fork-level when both sides have several forks, else iteration-level, labelled) —
 * or "no measurable difference" when the interval stays inside the noise threshold. Nothing here
 * knows a benchmark or an axis: every name comes from the report.
 */
import {
  compareResults,
  DEFAULT_CONFIDENCE,
  DEFAULT_NOISE_THRESHOLD,
  type ResultComparison,
} from '@dbbench/harness/compare';
import type {
  DbbenchAnswer as AnswerDeclaration,
  DbbenchAnswerSide as AnswerSide,
} from '@dbbench/harness/report';
import { compareParamValues, formatNumber } from './format.js';
import type { ResultRow } from './result-row.js';

/** One answered line: a sentence, and the short cell the hub puts side by side. */
export interface AnswerLine {
  /** The `per` axes' values this line is about, e.g. `{ dataSize: '100000' }`. */
  readonly at: Readonly<Record<string, string>>;
  /** Those values as the page names them, e.g. "dataSize 100,000"; empty without `per` axes. */
  readonly atLabel: string;
  /** Markdown sentence, e.g. "**COPY** is 6.0× faster than multi-row INSERT (5.7–6.3×) to seed 100,000 rows". */
  readonly sentence: string;
  /** Short form for side-by-side tables, e.g. "6.0× (5.7–6.3×)", "~ 1.02×", "failed". */
  readonly cell: string;
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
  readonly lines: readonly AnswerLine[];
}

/** The score of one result for the declared metric, iteration scores per fork. */
interface SideScores {
  readonly row: ResultRow;
  readonly rawData: readonly (readonly number[])[];
  readonly unit: string;
  readonly higherIsBetter: boolean;
  readonly score: number;
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
  return declarations(rows).map(({ suite, declaration }) => {
    const resolved = {
      ...declaration,
      baseline: { suite, ...declaration.baseline },
      candidate: { suite, ...declaration.candidate },
    };
    const position = positions.get(suite) ?? 0;
    positions.set(suite, position + 1);
    return { suite, position, question: declaration.question, lines: answerLines(resolved, rows) };
  });
}

function matches(row: ResultRow, side: AnswerSide, at: Readonly<Record<string, string>>): boolean {
  if (row.benchmark !== side.benchmark) return false;
  if (side.suite !== undefined && row.dbbench !== undefined && row.dbbench.suite !== side.suite) return false;
  const wanted = { ...side.where, ...at };
  return Object.entries(wanted).every(([axis, value]) => row.params[axis] === value);
}

/** Every combination of the `per` axes' values the candidate side was measured at. */
function perValues(declaration: AnswerDeclaration, rows: readonly ResultRow[]): Record<string, string>[] {
  const per = declaration.per ?? [];
  const keys = new Map<string, Record<string, string>>();
  for (const row of rows) {
    if (!matches(row, declaration.candidate, {})) continue;
    const at: Record<string, string> = {};
    for (const axis of per) {
      const value = row.params[axis];
      if (value !== undefined) at[axis] = value;
    }
    keys.set(JSON.stringify(at), at);
  }
  return [...keys.values()].sort((a, b) => {
    for (const axis of per) {
      const order = compareParamValues(a[axis] ?? '', b[axis] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  });
}

function scoresOf(row: ResultRow, metric: string | undefined): SideScores | undefined {
  const value = metric === undefined ? row.primary : row.secondary[metric];
  if (value === undefined) return undefined;
  const higherIsBetter = metric === undefined ? row.higherIsBetter : row.secondaryHigherIsBetter[metric];
  if (higherIsBetter === undefined || typeof value.score !== 'number') return undefined;
  return { row, rawData: value.rawData, unit: value.scoreUnit, higherIsBetter, score: value.score };
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

type Pick = { readonly side: SideScores; readonly varying: readonly string[] } | { readonly problem: string };

function pickSide(
  side: AnswerSide,
  rows: readonly ResultRow[],
  at: Readonly<Record<string, string>>,
  metric: string | undefined,
): Pick {
  const candidates = rows.filter((row) => matches(row, side, at));
  const name = sideLabel(side, candidates[0], []);
  if (candidates.length === 0) return { problem: `${name} was not measured here` };
  const failed = candidates.filter((row) => row.status === 'failed');
  const ok = candidates.filter((row) => row.status === 'ok');
  if (!side.best && candidates.length > 1) {
    return { problem: `${candidates.length} results of ${name} match; the declaration must fix one` };
  }
  if (ok.length === 0) return { problem: `${name} failed` };
  const scored = ok.flatMap((row) => scoresOf(row, metric) ?? []);
  if (scored.length === 0) return { problem: `${name} has no ${metric ?? 'score'}` };
  const best = scored.reduce((a, b) => ((b.higherIsBetter ? b.score > a.score : b.score < a.score) ? b : a));
  // A best pick among results of which some failed could be a failure's winner: say so instead.
  if (failed.length > 0)
    return { problem: `${failed.length} of ${candidates.length} results of ${name} failed` };
  return { side: best, varying: side.best ? varyingAxes(candidates) : [] };
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

function span(low: number, high: number): string {
  return `${ratioNumber(low)}–${times(high)}`;
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

function answerLines(declaration: AnswerDeclaration, rows: readonly ResultRow[]): AnswerLine[] {
  const points = perValues(declaration, rows);
  if (points.length === 0) {
    return [{ at: {}, atLabel: '', sentence: 'not measured in this report', cell: 'not measured' }];
  }
  return points.map((at) => answerLine(declaration, rows, at));
}

function answerLine(
  declaration: AnswerDeclaration,
  rows: readonly ResultRow[],
  at: Readonly<Record<string, string>>,
): AnswerLine {
  const baseline = pickSide(declaration.baseline, rows, at, declaration.metric);
  const candidate = pickSide(declaration.candidate, rows, at, declaration.metric);
  const someRow = rows.find((row) => matches(row, declaration.candidate, at));
  const atLabel = perLabel(at, someRow);
  const lead = atLabel === '' ? '' : `${atLabel}: `;
  if ('problem' in baseline || 'problem' in candidate) {
    const problem =
      'problem' in candidate ? candidate.problem : 'problem' in baseline ? baseline.problem : '';
    return { at, atLabel, sentence: `${lead}not answered: ${problem}`, cell: 'not answered' };
  }
  const comparison = compareResults({
    results: [
      {
        identity: { suite: '', benchmark: '', mode: '', params: {} },
        unit: candidate.side.unit,
        higherIsBetter: candidate.side.higherIsBetter,
        baseline: baseline.side.rawData,
        candidate: candidate.side.rawData,
      },
    ],
  }).results[0];
  if (comparison === undefined || !Number.isFinite(comparison.ratio)) {
    return {
      at,
      atLabel,
      sentence: `${lead}not answered: too few iterations to compare`,
      cell: 'not answered',
    };
  }
  const names = {
    baseline: sideLabel(declaration.baseline, baseline.side.row, baseline.varying, declaration.candidate),
    candidate: sideLabel(declaration.candidate, candidate.side.row, candidate.varying, declaration.baseline),
  };
  const context = contextText(declaration, candidate.side.row);
  return { at, atLabel, ...phrase(declaration, comparison, names, lead, context, candidate.side) };
}

function phrase(
  declaration: AnswerDeclaration,
  comparison: ResultComparison,
  names: { readonly baseline: string; readonly candidate: string },
  lead: string,
  context: string,
  candidate: SideScores,
): { sentence: string; cell: string; speed?: AnswerLine['speed'] } {
  const [low, high] = comparison.ratioInterval;
  const marker = comparison.level === 'iteration' ? ' †' : '';
  // A difference is named when its whole interval lies beyond the noise threshold, so the words never
  // contradict the interval printed beside them (the gate's significance test belongs to compare).
  const same = low <= 1 + DEFAULT_NOISE_THRESHOLD && high >= 1 - DEFAULT_NOISE_THRESHOLD;
  if (declaration.phrasing === 'value') {
    const metric = declaration.metric ?? 'score';
    const ratioText = `${times(comparison.ratio)} (${span(low, high)})`;
    const sentence = same
      ? `${lead}no measurable difference in ${metric} between ${names.candidate} and ${names.baseline} (${ratioText})${context}${marker}`
      : `${lead}${metric} with **${names.candidate}** is ${ratioText} that with ${names.baseline}${context}${marker}`;
    return { sentence, cell: same ? `~ ${times(comparison.ratio)}` : ratioText };
  }
  // Speed: how many times faster the candidate is (time scores invert).
  const invert = !candidate.higherIsBetter;
  const factor = invert ? 1 / comparison.ratio : comparison.ratio;
  const factorLow = invert ? 1 / high : low;
  const factorHigh = invert ? 1 / low : high;
  const speed = { ratio: factor, low: factorLow, high: factorHigh };
  if (declaration.phrasing === 'share') {
    const share = `${times(factor)} (${span(factorLow, factorHigh)})`;
    return {
      sentence: `${lead}**${names.candidate}** reaches ${share} the speed of ${names.baseline}${context}${marker}`,
      cell: share,
      speed,
    };
  }
  if (same) {
    return {
      sentence: `${lead}no measurable difference between ${names.candidate} and ${names.baseline} (${times(factor)}, ${span(factorLow, factorHigh)})${context}${marker}`,
      cell: `~ ${times(factor)}`,
      speed,
    };
  }
  if (factor >= 1) {
    const ratioText = `${times(factor)} (${span(factorLow, factorHigh)})`;
    return {
      sentence: `${lead}**${names.candidate}** is ${ratioText} faster than ${names.baseline}${context}${marker}`,
      cell: ratioText,
      speed,
    };
  }
  // The baseline wins: name the winner first, with the inverted ratio.
  const ratioText = `${times(1 / factor)} (${span(1 / factorHigh, 1 / factorLow)})`;
  return {
    sentence: `${lead}**${names.baseline}** is ${ratioText} faster than ${names.candidate}${context}${marker}`,
    cell: `${times(factor)} (${span(factorLow, factorHigh)})`,
    speed,
  };
}

/** The note under the answers: what the interval and † mean. */
export const ANSWERS_NOTE =
  `Each ratio carries its ${Math.round(DEFAULT_CONFIDENCE * 100)}% interval (hierarchical bootstrap over forks and iterations, as \`dbbench compare\` computes it); ` +
  `"no measurable difference" means the interval reaches into ±${Math.round(DEFAULT_NOISE_THRESHOLD * 100)}% of equality. ` +
  'Both sides come from the same run but not from interleaved forks: for a verdict on a change, use `npx turbo run bench:compare`. ' +
  '† one side has a single fork: the interval covers iteration-to-iteration noise only, not fork-to-fork.';
