/**
 * Answers one line of a declared answer from the results on its two sides: picks each side's result
 * (the only one, or the best of several when the side asks for it), estimates the ratio with its
 * fork-level interval and names the outcome. The run uses it to decide which lines need more forks,
 * the docs to write them, so a line the run called decided is the line the page calls decided.
 */
import {
  ANSWER_THRESHOLD,
  answerEstimate,
  answerOutcome,
  ASSUMED_LOG_SPREAD,
  LOOK_CONFIDENCE,
  MIN_PAIRS_WITH_PRIOR,
  morePairsNeeded,
  pairedForkMeans,
  pairedLogRatios,
  type AnswerEstimate,
  type AnswerOutcome,
  type AssumedSpread,
  type ForkSeries,
} from '../compare/answer-statistics.js';
import { forkMeans, MIN_FORKS_FOR_INTERVAL } from '../compare/fork-statistics.js';
import {
  fitSpreadPrior,
  fitSpreadPriors,
  MIN_LINES_FOR_PRIOR,
  type GroupedSample,
  type SpreadPrior,
} from '../compare/spread-prior.js';
import { mean } from '../stats/statistics.js';

/** One result a side may be made of, with the values the line compares. */
export interface SideResult<Item> {
  readonly item: Item;
  readonly series: ForkSeries;
  readonly higherIsBetter: boolean;
}

/** A line's answer: the results picked, the estimate, its outcome and the pairs it may still need. */
export interface LineAnswer<Item> {
  readonly baseline: SideResult<Item>;
  readonly candidate: SideResult<Item>;
  readonly estimate: AnswerEstimate;
  readonly outcome: AnswerOutcome;
  /** See {@link morePairsNeeded}: 0 when settled, undefined when out of reach. */
  readonly morePairs: number | undefined;
  /** The spread a line without an interval was projected with (see {@link answerLines}). */
  readonly assumed?: AssumedSpread;
}

/** The mean of a result's fork means (how a best pick ranks results). */
export function seriesScore(series: ForkSeries): number {
  return mean(forkMeans(series.rawData));
}

/** The best of several results by their score and direction. */
export function bestResult<Item>(results: readonly SideResult<Item>[]): SideResult<Item> | undefined {
  let best: SideResult<Item> | undefined;
  for (const result of results) {
    const score = seriesScore(result.series);
    if (!Number.isFinite(score)) continue;
    if (best === undefined) best = result;
    else {
      const bestScore = seriesScore(best.series);
      if (result.higherIsBetter ? score > bestScore : score < bestScore) best = result;
    }
  }
  return best;
}

/**
 * The answer of a line whose sides hold `baseline` and `candidate` results (each one result, or the
 * candidates of a best pick); undefined when a side has nothing to compare.
 */
export function answerLine<Item>(
  baseline: readonly SideResult<Item>[],
  candidate: readonly SideResult<Item>[],
  threshold: number = ANSWER_THRESHOLD,
  prior?: SpreadPrior,
  assumed?: AssumedSpread,
): LineAnswer<Item> | undefined {
  const baselinePick = bestResult(baseline);
  const candidatePick = bestResult(candidate);
  if (baselinePick === undefined || candidatePick === undefined) return undefined;
  // At the level of each look (see LOOK_CONFIDENCE): the run tests a line again after every pair.
  const estimate = answerEstimate(baselinePick.series, candidatePick.series, {
    confidence: LOOK_CONFIDENCE,
    comparisons: baseline.length * candidate.length,
    ...(prior === undefined ? {} : { prior }),
  });
  if (estimate === undefined) return undefined;
  // Sides measured apart (two suites: no round in common) gain no pairs and borrow no shared spread:
  // only forks a side give them an interval, so they are not projected.
  const pairs = pairedForkMeans(baselinePick.series, candidatePick.series).baseline.length;
  const projected = estimate.method === 'range' && pairs > 0 ? assumed : undefined;
  return {
    baseline: baselinePick,
    candidate: candidatePick,
    estimate,
    outcome: answerOutcome(estimate, threshold),
    morePairs: morePairsNeeded(
      estimate,
      threshold,
      LOOK_CONFIDENCE,
      projected === undefined ? undefined : { ...projected, pairs },
    ),
    ...(projected === undefined ? {} : { assumed: projected }),
  };
}

/**
 * The group whose spread prior a line shares: its candidate's suite and benchmark, and the metric it
 * compares (the primary score when undefined). The run and the docs both key lines by it.
 */
export function spreadGroup(suite: string, benchmark: string, metric: string | undefined): string {
  return JSON.stringify([suite, benchmark, metric ?? null]);
}

/** The two sides of a line to answer, or undefined when a side cannot be formed. */
export interface LineSides<Item> {
  readonly baseline: readonly SideResult<Item>[];
  readonly candidate: readonly SideResult<Item>[];
}

/**
 * The answers of a run's (or a page's) lines, each paired spread moderated by the prior of its group
 * (see `spread-prior.ts`): a first pass answers every line alone and collects the paired lines' own
 * variances by `groupOf` (a suite's benchmark and metric; undefined keeps a line out of any group),
 * a second answers the lines of every group with a prior again with it. The run and the docs both
 * call this, so a line the run called settled is the line the page calls settled.
 */
export function answerLines<Item>(
  lines: readonly (LineSides<Item> | undefined)[],
  groupOf: (answer: LineAnswer<Item>, index: number) => string | undefined,
  threshold: number = ANSWER_THRESHOLD,
): (LineAnswer<Item> | undefined)[] {
  const alone = lines.map((line) =>
    line === undefined ? undefined : answerLine(line.baseline, line.candidate, threshold),
  );
  const samples: GroupedSample[] = [];
  const groups = alone.map((answer, index) => (answer === undefined ? undefined : groupOf(answer, index)));
  alone.forEach((answer, index) => {
    const group = groups[index];
    if (answer === undefined || group === undefined) return;
    // The picked sides' own paired spread, from 2 pairs on: alone, 2 pairs give no interval (a
    // range), yet their one degree of freedom is what a group of first-pass lines fits its prior from.
    const own = pairedLogRatios(answer.baseline.series, answer.candidate.series)?.own;
    if (own !== undefined) samples.push({ group, ...own });
  });
  const priors = fitSpreadPriors(samples);
  const assumedOf = assumedSpreads(groups, priors, samples);
  return lines.map((line, index) => {
    const group = groups[index];
    const prior = group === undefined ? undefined : priors.get(group);
    const answer = alone[index];
    if (line === undefined || answer === undefined) return answer;
    if (prior === undefined && answer.estimate.method !== 'range') return answer;
    return answerLine(line.baseline, line.candidate, threshold, prior, assumedOf(group));
  });
}

/**
 * The spread a line of `group` without an interval yet is projected with: its group's fitted prior
 * (the spread its benchmark's lines share, worth the prior's degrees of freedom), else the prior of
 * every paired line together (lent no degrees of freedom: another benchmark's spread is a guess),
 * else {@link ASSUMED_LOG_SPREAD}. Its interval will come from 2 pairs in a group of at least
 * {@link MIN_LINES_FOR_PRIOR} lines (they will share a spread), else from 3. Without a projection
 * every line of 1 pair looked 2 pairs from settling, the run's cheapest forks won the budget, and
 * lines whose first pair measured 0.04× or 2.4× kept no interval while lines near 1× took it.
 */
function assumedSpreads(
  groups: readonly (string | undefined)[],
  priors: ReadonlyMap<string, SpreadPrior>,
  samples: readonly GroupedSample[],
): (group: string | undefined) => AssumedSpread {
  const sizes = new Map<string, number>();
  for (const group of groups) if (group !== undefined) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  const everyLine = fitSpreadPrior(samples);
  return (group) => {
    const minPairs =
      group !== undefined && (sizes.get(group) ?? 0) >= MIN_LINES_FOR_PRIOR
        ? MIN_PAIRS_WITH_PRIOR
        : MIN_FORKS_FOR_INTERVAL;
    const prior = group === undefined ? undefined : priors.get(group);
    if (prior !== undefined) {
      return {
        logSpread: Math.sqrt(prior.variance),
        priorDegreesOfFreedom: prior.degreesOfFreedom,
        minPairs,
        source: 'group',
      };
    }
    if (everyLine !== undefined) {
      return { logSpread: Math.sqrt(everyLine.variance), priorDegreesOfFreedom: 0, minPairs, source: 'run' };
    }
    return { logSpread: ASSUMED_LOG_SPREAD, priorDegreesOfFreedom: 0, minPairs, source: 'assumed' };
  };
}
