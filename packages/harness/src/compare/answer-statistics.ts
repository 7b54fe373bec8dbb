/**
 * The statistics of a declared answer: the ratio candidate / baseline of two results with its
 * interval, and one of three outcomes — equivalent (the whole interval inside ±threshold, on the log
 * scale: "the same"), else decided (the interval excludes 1: which side is faster is known, and the
 * interval says by how much), else undetermined (the interval holds 1 and reaches beyond the band:
 * with how many more fork pairs would probably settle it).
 *
 * The fork is the unit. When both results ran forks in the same rounds (the run interleaves the
 * combinations a question compares, one fork of each per round, so drift and a busy neighbour hit
 * both), the ratio comes from the paired differences of log fork means — Student t at n − 1 degrees
 * of freedom over n pairs, the design of a randomized interleaved trial. Otherwise (results of two
 * suites, or reports from before rounds were recorded) the two sides' log fork means are compared
 * unpaired. No interval comes from fewer than 3 forks or pairs (2 pairs when the lines of its
 * benchmark lend it a shared spread, see `spread-prior.ts`): such a line is undetermined and shows
 * the range of the fork ratios instead.
 *
 * A side that picks the best of k configurations ("each at its best chunk size") would make its
 * winner look better than it is; the level is Bonferroni-adjusted over the k × k' comparisons the
 * pick could have made, so the interval of whichever pair wins keeps its coverage.
 */
import { tQuantile } from '../stats/distributions.js';
import { mean, stdev } from '../stats/statistics.js';
import { FORK_CONFIDENCE, forkMeans, MIN_FORKS_FOR_INTERVAL } from './fork-statistics.js';
import { moderatedVariance, type SpreadPrior, type VarianceSample } from './spread-prior.js';
import { twoSampleTTest } from './t-test.js';

/** An answer's ratio is equivalent to 1 inside ±this, decided beyond it. */
export const ANSWER_THRESHOLD = 0.1;
/** Most fork pairs a question's line gets in one run. */
export const MAX_PAIRS_PER_LINE = 20;
/** "About N more pairs" is not estimated past this (the line is then called out of reach). */
export const MAX_ESTIMATED_PAIRS = 40;

/**
 * The level each look at a line is tested at. A run looks at a line after every fork pair it adds and
 * stops adding when the line settles (up to {@link MAX_PAIRS_PER_LINE} pairs), so a line is tested
 * again and again on growing data: at the pages' 95% per look, a line with no difference (paired
 * spread 0.09, pairs 3 to 20, or 2 to 20 with a shared spread) ended decided in 13% of 1,000 seeded
 * simulations — answers that do not hold when the run is repeated. At 99% per look (a constant
 * boundary, Pocock's design) 4% did, under the 5% of the {@link FORK_CONFIDENCE} the pages state
 * (`answer-statistics.test.ts` simulates both). A real difference still decides, a pair or two
 * later: 1.2× in 5.2 pairs on average instead of 3.8 (3.2 instead of 2.4 with a shared spread); a
 * line with no difference needs about 12 pairs to show it is the same within the band instead of 8.
 */
export const LOOK_CONFIDENCE = 0.99;

/** One side's forks: iteration values per fork, and the round each fork ran in (when recorded). */
export interface ForkSeries {
  readonly rawData: readonly (readonly number[])[];
  readonly rounds?: readonly string[];
}

/** How an answer's interval was formed. */
export type AnswerMethod = 'paired' | 'unpaired' | 'range';

/** A ratio with its interval and what it came from. */
export interface AnswerEstimate {
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
  readonly method: AnswerMethod;
  /** Fork pairs (paired) or the smaller side's forks (unpaired, range). */
  readonly n: number;
  /** Standard deviation of the log ratio per pair (paired) or per fork (unpaired); NaN for a range. */
  readonly logSpread: number;
  /** The t quantile behind the interval (NaN for a range). */
  readonly tQuantile: number;
  /** Degrees of freedom a shared spread prior lent the paired spread (0: the line's own alone). */
  readonly priorDegreesOfFreedom: number;
}

/** The three outcomes of an answer line. */
export type AnswerOutcome = 'decided' | 'equivalent' | 'undetermined';

/** Options of {@link answerEstimate}. */
export interface AnswerEstimateOptions {
  readonly confidence?: number;
  /** Comparisons a best-of pick chose among (Bonferroni); default 1. */
  readonly comparisons?: number;
  /**
   * The spread prior of the line's group (see `spread-prior.ts`): moderates a paired spread, and
   * lets 2 pairs give an interval.
   */
  readonly prior?: SpreadPrior;
}

/** Fewest fork pairs a paired interval comes from when a spread prior lends it degrees of freedom. */
export const MIN_PAIRS_WITH_PRIOR = 2;

/** Fork means of the forks that ran in the same round on both sides, in round order. */
export function pairedForkMeans(
  baseline: ForkSeries,
  candidate: ForkSeries,
): { readonly baseline: number[]; readonly candidate: number[] } {
  const byRound = (series: ForkSeries): Map<string, number> => {
    const rounds = new Map<string, number>();
    series.rawData.forEach((fork, index) => {
      const round = series.rounds?.[index];
      const values = fork.filter(Number.isFinite);
      if (round !== undefined && values.length > 0) rounds.set(round, mean(values));
    });
    return rounds;
  };
  const candidateRounds = byRound(candidate);
  const pairs = { baseline: [] as number[], candidate: [] as number[] };
  for (const [round, value] of byRound(baseline)) {
    const other = candidateRounds.get(round);
    if (other === undefined) continue;
    pairs.baseline.push(value);
    pairs.candidate.push(other);
  }
  return pairs;
}

/**
 * The log ratios of the shared rounds' fork means, and their own variance: what a paired line
 * measures of its spread and what its group's prior is fitted from. Undefined below
 * {@link MIN_PAIRS_WITH_PRIOR} pairs (no variance); the fork means must be positive, as
 * {@link answerEstimate} checks first.
 */
export function pairedLogRatios(
  baseline: ForkSeries,
  candidate: ForkSeries,
): { readonly differences: number[]; readonly own: VarianceSample } | undefined {
  const paired = pairedForkMeans(baseline, candidate);
  if (paired.baseline.length < MIN_PAIRS_WITH_PRIOR) return undefined;
  const differences = paired.candidate.map((value, index) =>
    Math.log(value / (paired.baseline[index] ?? NaN)),
  );
  return {
    differences,
    own: { variance: stdev(differences) ** 2, degreesOfFreedom: differences.length - 1 },
  };
}

function twoSidedT(confidence: number, comparisons: number, degreesOfFreedom: number): number {
  const alpha = (1 - confidence) / Math.max(1, comparisons);
  return tQuantile(1 - alpha / 2, degreesOfFreedom);
}

/**
 * The ratio candidate / baseline with its interval: paired over shared rounds when there are at
 * least 3, else unpaired over fork means when both sides have 3, else the range of fork ratios.
 * Undefined when a side has no positive values.
 */
export function answerEstimate(
  baseline: ForkSeries,
  candidate: ForkSeries,
  options: AnswerEstimateOptions = {},
): AnswerEstimate | undefined {
  const confidence = options.confidence ?? FORK_CONFIDENCE;
  const comparisons = options.comparisons ?? 1;
  const baselineMeans = forkMeans(baseline.rawData);
  const candidateMeans = forkMeans(candidate.rawData);
  if (baselineMeans.length === 0 || candidateMeans.length === 0) return undefined;
  if ([...baselineMeans, ...candidateMeans].some((value) => !(value > 0))) return undefined;
  const prior = options.prior;
  const paired = pairedLogRatios(baseline, candidate);
  if (
    paired !== undefined &&
    paired.differences.length >= (prior === undefined ? MIN_FORKS_FOR_INTERVAL : MIN_PAIRS_WITH_PRIOR)
  ) {
    const { differences } = paired;
    const n = differences.length;
    const center = mean(differences);
    const moderated = moderatedVariance(paired.own, prior);
    const spread = Math.sqrt(moderated.variance);
    const t = twoSidedT(confidence, comparisons, moderated.degreesOfFreedom);
    const halfWidth = (t * spread) / Math.sqrt(n);
    return {
      ratio: Math.exp(center),
      low: Math.exp(center - halfWidth),
      high: Math.exp(center + halfWidth),
      method: 'paired',
      n,
      logSpread: spread,
      tQuantile: t,
      priorDegreesOfFreedom: prior?.degreesOfFreedom ?? 0,
    };
  }
  const logBaseline = baselineMeans.map(Math.log);
  const logCandidate = candidateMeans.map(Math.log);
  const n = Math.min(logBaseline.length, logCandidate.length);
  const center = mean(logCandidate) - mean(logBaseline);
  if (n >= MIN_FORKS_FOR_INTERVAL) {
    const test = twoSampleTTest(logBaseline, logCandidate);
    const t = twoSidedT(confidence, comparisons, test.degreesOfFreedom);
    const halfWidth = t * test.standardError;
    return {
      ratio: Math.exp(center),
      low: Math.exp(center - halfWidth),
      high: Math.exp(center + halfWidth),
      method: 'unpaired',
      n,
      // The spread per fork that gives this standard error with n forks a side.
      logSpread: test.standardError * Math.sqrt(n / 2),
      tQuantile: t,
      priorDegreesOfFreedom: 0,
    };
  }
  return {
    ratio: Math.exp(center),
    low: Math.min(...candidateMeans) / Math.max(...baselineMeans),
    high: Math.max(...candidateMeans) / Math.min(...baselineMeans),
    method: 'range',
    n,
    logSpread: Number.NaN,
    tQuantile: Number.NaN,
    priorDegreesOfFreedom: 0,
  };
}

/**
 * The band of equivalence, [1 / (1 + threshold), 1 + threshold]: symmetric on the log scale, so a
 * line reads the same whichever side is the baseline and whether it is read as time or as speed
 * (inverting a ratio maps the band onto itself).
 */
export function equivalenceBand(threshold: number = ANSWER_THRESHOLD): readonly [number, number] {
  return [1 / (1 + threshold), 1 + threshold];
}

/**
 * Equivalent, decided or undetermined, by where the interval lies against 1 and the
 * {@link equivalenceBand}: the three-way reading of an equivalence test beside a test of difference
 * (Schuirmann's TOST at the interval's level, and the interval excluding 1). Equivalence is read
 * first, so a difference the interval confines to the band is "the same", the answer a reader acts
 * on; a difference known in direction but not confined to the band is decided, its size the
 * interval. A decided line's interval may reach into the band: "COPY is 1.08× (1.02–1.15×) faster".
 * (Requiring a decided interval to clear the band as well left every line whose true ratio lies near
 * ±threshold undetermined at any number of pairs, and made it flip between runs.)
 */
export function answerOutcome(estimate: AnswerEstimate, threshold: number = ANSWER_THRESHOLD): AnswerOutcome {
  if (estimate.method === 'range') return 'undetermined';
  const [lower, upper] = equivalenceBand(threshold);
  if (estimate.low >= lower && estimate.high <= upper) return 'equivalent';
  if (estimate.low > 1 || estimate.high < 1) return 'decided';
  return 'undetermined';
}

/**
 * The spread a line without an interval (1 pair, or 2 without a spread shared with its benchmark's
 * lines) is projected with: what its group's other lines measured, or an assumption, and where it
 * came from (the pages say which).
 */
export interface AssumedSpread extends Pick<PairProjection, 'logSpread' | 'priorDegreesOfFreedom'> {
  /** Fewest pairs an interval will come from: 2 in a group that shares a spread, else 3. */
  readonly minPairs: number;
  /** `group`: its benchmark's fitted prior; `run`: every paired line of the run or page; `assumed`: none measured yet. */
  readonly source: 'group' | 'run' | 'assumed';
}

/**
 * The spread assumed for a line without an interval when no line beside it has measured one: the
 * upper end of what paired lines measured here (median log-ratio spread about 0.09 across lines, 0.13
 * under contention), so a first pair's ratio must stand well clear of 1 to be called near settling.
 */
export const ASSUMED_LOG_SPREAD = 0.15;

/**
 * About how many more fork pairs an undetermined line needs before its interval, at the spread
 * measured so far, either excludes 1 or fits inside the band — whichever its ratio reaches first: 0
 * when it is not undetermined, undefined when no count within reach would do (a ratio of exactly 1
 * with a wide spread). A line without an interval (a range) is projected from its ratio at `assumed`
 * over its `pairs` so far — a first pair that measured 0.04× needs one or two more, one that
 * measured 1.02× many; without `assumed`, the forks that would give it an interval are the step.
 */
export function morePairsNeeded(
  estimate: AnswerEstimate,
  threshold: number = ANSWER_THRESHOLD,
  confidence: number = FORK_CONFIDENCE,
  assumed?: AssumedSpread & { readonly pairs: number },
): number | undefined {
  if (estimate.method === 'range') {
    if (assumed === undefined) return Math.max(1, MIN_FORKS_FOR_INTERVAL - estimate.n);
    return projectedMorePairs({ ...assumed, ratio: estimate.ratio, n: assumed.pairs }, threshold, confidence);
  }
  if (answerOutcome(estimate, threshold) !== 'undetermined') return 0;
  return projectedMorePairs(estimate, threshold, confidence);
}

/** What {@link projectedMorePairs} projects from: a ratio, a spread per pair, and the pairs so far. */
export interface PairProjection {
  readonly ratio: number;
  /** Standard deviation of the log ratio per pair (measured, or assumed for a line without one). */
  readonly logSpread: number;
  /** Pairs so far. */
  readonly n: number;
  /** Degrees of freedom a shared spread lends the t (0: none). */
  readonly priorDegreesOfFreedom: number;
  /** Fewest pairs an interval comes from (default: one more than `n`). */
  readonly minPairs?: number;
}

/**
 * About how many more fork pairs bring the interval of a line with this ratio and spread to exclude
 * 1 or to fit inside the band, whichever its ratio reaches first (at least enough to reach
 * `minPairs`); undefined when no count within reach would do (a ratio of exactly 1 with a wide
 * spread).
 */
export function projectedMorePairs(
  projection: PairProjection,
  threshold: number = ANSWER_THRESHOLD,
  confidence: number = FORK_CONFIDENCE,
): number | undefined {
  const center = Math.abs(Math.log(projection.ratio));
  const edge = Math.log(1 + threshold);
  // The room the half-width has: to 1 (decide), or to the band's nearer edge (equivalence); the
  // larger settles first, and it is never below half the band.
  const room = Math.max(center, edge - center);
  if (!(room > 0) || !(projection.logSpread >= 0)) return undefined;
  const first = Math.max(projection.n + 1, projection.minPairs ?? 0);
  if (projection.logSpread === 0) return first - projection.n;
  for (let n = first; n <= MAX_ESTIMATED_PAIRS; n += 1) {
    const t = tQuantile(1 - (1 - confidence) / 2, projection.priorDegreesOfFreedom + n - 1);
    if ((t * projection.logSpread) / Math.sqrt(n) < room) return n - projection.n;
  }
  return undefined;
}
