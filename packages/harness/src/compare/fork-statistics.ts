/**
 * One interval method for every score a page shows: the fork is the unit (run-to-run noise is
 * several times the noise within one fork on a shared machine), so a score is the mean of its fork
 * means and its interval is a Student t over those means — but only from 3 forks on. Below that a t
 * quantile at 1 degree of freedom (12.7 at 95%) turns two close forks into an interval wider than
 * the score itself, which says nothing; the range of the forks and their count are shown instead.
 */
import { tQuantile } from '../stats/distributions.js';
import { mean, stdev } from '../stats/statistics.js';

/** Confidence level of every interval the docs and the answers show. */
export const FORK_CONFIDENCE = 0.95;
/** Fewer forks than this give no t-interval: the range and n are shown instead. */
export const MIN_FORKS_FOR_INTERVAL = 3;
/** A result is noisy when its forks' means vary by more than this coefficient of variation. */
export const NOISY_FORK_CV = 0.1;

/** The mean of each fork's finite values; forks without one are left out. */
export function forkMeans(rawData: readonly (readonly number[])[]): number[] {
  return rawData
    .map((fork) => fork.filter(Number.isFinite))
    .filter((fork) => fork.length > 0)
    .map((fork) => mean(fork));
}

/** A score with its fork-level interval. */
export interface ForkInterval {
  /** Mean of the fork means. */
  readonly score: number;
  /** Forks with a value. */
  readonly forks: number;
  /** `t`: Student t over fork means (≥ 3 forks); `range`: lowest to highest fork mean (2 forks); `single`: one fork, no interval. */
  readonly method: 't' | 'range' | 'single';
  readonly low: number;
  readonly high: number;
}

/** The score of `rawData` (iteration values per fork) with its fork-level interval; undefined without values. */
export function forkInterval(
  rawData: readonly (readonly number[])[],
  confidence: number = FORK_CONFIDENCE,
): ForkInterval | undefined {
  const means = forkMeans(rawData);
  if (means.length === 0) return undefined;
  const score = mean(means);
  if (means.length === 1) return { score, forks: 1, method: 'single', low: score, high: score };
  if (means.length < MIN_FORKS_FOR_INTERVAL) {
    return { score, forks: means.length, method: 'range', low: Math.min(...means), high: Math.max(...means) };
  }
  const halfWidth =
    (tQuantile(1 - (1 - confidence) / 2, means.length - 1) * stdev(means)) / Math.sqrt(means.length);
  return { score, forks: means.length, method: 't', low: score - halfWidth, high: score + halfWidth };
}

/** Coefficient of variation of the fork means (NaN below 2 forks). */
export function forkVariation(rawData: readonly (readonly number[])[]): number {
  const means = forkMeans(rawData);
  if (means.length < 2) return Number.NaN;
  return stdev(means) / Math.abs(mean(means));
}

/**
 * Whether the forks disagree by more than {@link NOISY_FORK_CV}: the machine moved more than the
 * code. A single fork falls back to its iterations' variation, the only spread it has.
 */
export function isNoisyForks(rawData: readonly (readonly number[])[]): boolean {
  const forks = forkMeans(rawData).length;
  if (forks >= 2) return forkVariation(rawData) > NOISY_FORK_CV;
  const values = rawData.flat().filter(Number.isFinite);
  return values.length >= 2 && stdev(values) / Math.abs(mean(values)) > NOISY_FORK_CV;
}
