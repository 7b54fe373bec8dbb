/**
 * The statistics JMH reports, as plain functions: mean, sample standard deviation, the half-width of
 * the Student-t confidence interval, and percentiles. No I/O, so the docs package reuses them.
 */
import { tQuantile } from './distributions.js';

/** JMH's confidence level for `scoreError`. */
export const CONFIDENCE_LEVEL = 0.999;

/** The percentiles JMH writes in `scorePercentiles`, in its key format. */
export const PERCENTILE_KEYS = [
  '0.0',
  '50.0',
  '90.0',
  '95.0',
  '99.0',
  '99.9',
  '99.99',
  '99.999',
  '99.9999',
  '100.0',
] as const;

/** Arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample variance (n − 1 denominator); NaN for fewer than two values. */
export function variance(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - m) ** 2;
  return squares / (values.length - 1);
}

/** Sample standard deviation (n − 1 denominator); NaN for fewer than two values. */
export function stdev(values: readonly number[]): number {
  return Math.sqrt(variance(values));
}

/**
 * Half-width of the two-sided Student-t confidence interval of the mean (df = n − 1), as JMH's
 * `scoreError`; NaN for fewer than two values.
 */
export function confidenceHalfWidth(values: readonly number[], level: number = CONFIDENCE_LEVEL): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const t = tQuantile(1 - (1 - level) / 2, n - 1);
  return (t * stdev(values)) / Math.sqrt(n);
}

/** The confidence interval `[mean − error, mean + error]`; NaNs for fewer than two values. */
export function confidenceInterval(
  values: readonly number[],
  level: number = CONFIDENCE_LEVEL,
): [number, number] {
  const m = mean(values);
  const halfWidth = confidenceHalfWidth(values, level);
  return [m - halfWidth, m + halfWidth];
}

/**
 * The p-th percentile (0–100) with the estimator JMH uses (Apache Commons Math's default):
 * position p·(n+1)/100, linear interpolation between neighbours, clamped to min and max.
 * Values need not be sorted; NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(sortAscending(values), p);
}

/** {@link percentile} over values already sorted ascending (saves the sort for many percentiles). */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const position = (p * (n + 1)) / 100;
  if (position < 1) return sorted[0] as number;
  if (position >= n) return sorted[n - 1] as number;
  const lowerIndex = Math.floor(position);
  const lower = sorted[lowerIndex - 1] as number;
  const upper = sorted[lowerIndex] as number;
  return lower + (position - lowerIndex) * (upper - lower);
}

/** JMH's `scorePercentiles` map (keys "0.0" … "100.0") for the given values. */
export function percentiles(values: readonly number[]): Record<string, number> {
  const sorted = sortAscending(values);
  const result: Record<string, number> = {};
  for (const key of PERCENTILE_KEYS) result[key] = percentileOfSorted(sorted, Number(key));
  return result;
}

/** Everything the report needs about one set of values. */
export interface Summary {
  readonly n: number;
  readonly mean: number;
  readonly stdev: number;
  readonly min: number;
  readonly max: number;
  /** Half-width of the 99.9% confidence interval. */
  readonly error: number;
  readonly confidence: readonly [number, number];
  readonly percentiles: Readonly<Record<string, number>>;
}

/** Mean, spread, 99.9% confidence interval and percentiles of a set of values in one pass. */
export function summarize(values: readonly number[]): Summary {
  const sorted = sortAscending(values);
  const summaryPercentiles: Record<string, number> = {};
  for (const key of PERCENTILE_KEYS) summaryPercentiles[key] = percentileOfSorted(sorted, Number(key));
  return {
    n: values.length,
    mean: mean(values),
    stdev: stdev(values),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    error: confidenceHalfWidth(values),
    confidence: confidenceInterval(values),
    percentiles: summaryPercentiles,
  };
}

function sortAscending(values: readonly number[]): number[] {
  // Float64Array sorts numerically and fast; large `sample` runs hold hundreds of thousands of values.
  return Array.from(Float64Array.from(values).sort());
}

/** A score whose interval is wider than ± this fraction of the score is marked noisy. */
export const NOISY_RELATIVE_HALF_WIDTH = 0.25;

/**
 * Whether an interval of half-width `halfWidth` around `center` is wider than ±`limit` of it: such a
 * result says more about the machine than about the code. False when either is not finite (a single
 * iteration has no interval to judge).
 */
export function isNoisy(
  center: number,
  halfWidth: number,
  limit: number = NOISY_RELATIVE_HALF_WIDTH,
): boolean {
  if (!Number.isFinite(center) || !Number.isFinite(halfWidth)) return false;
  return halfWidth > limit * Math.abs(center);
}
