/**
 * Two-sample t-tests on the logarithms of fork means: the fork is the unit, and the tested quantity
 * is the log of the ratio of means.
 *
 * Why not a rank test, as benchstat uses: with 3 forks per side an exact Mann–Whitney or
 * permutation test has 20 arrangements, so its smallest two-sided p-value is 0.1; it can never call
 * a change. Why the pooled (Student) test when both sides have as many forks: on the log scale the
 * noise of one benchmark on one machine is the same on both sides, Student's test keeps its level
 * under unequal variances when the sizes are equal, and its n₁ + n₂ − 2 degrees of freedom (4 at
 * 3 + 3 forks) are worth much more power than Welch's estimated ones, which fall towards 2 whenever
 * one side happens to look quiet. With unequal sizes that robustness is gone, so Welch's test is used.
 */
import { tCdf } from '../stats/distributions.js';
import { mean, variance } from '../stats/statistics.js';

/** The outcome of a two-sample t-test of mean(second) − mean(first). */
export interface TTestResult {
  readonly difference: number;
  /** Standard error of the difference. */
  readonly standardError: number;
  readonly degreesOfFreedom: number;
  readonly t: number;
  /** Two-sided p-value. */
  readonly pValue: number;
}

const UNTESTABLE = { standardError: NaN, degreesOfFreedom: NaN, t: NaN, pValue: NaN } as const;

function fromStandardError(difference: number, standardError: number, degreesOfFreedom: number): TTestResult {
  // No spread at all on either side: a difference measured without noise is certain.
  if (standardError === 0) {
    const t = difference === 0 ? 0 : Math.sign(difference) * Infinity;
    return { difference, standardError, degreesOfFreedom, t, pValue: difference === 0 ? 1 : 0 };
  }
  const t = difference / standardError;
  return {
    difference,
    standardError,
    degreesOfFreedom,
    t,
    pValue: Math.min(1, 2 * tCdf(-Math.abs(t), degreesOfFreedom)),
  };
}

/** Student's two-sample t-test with pooled variance (df = n₁ + n₂ − 2); NaN below 2 values per side. */
export function pooledTTest(first: readonly number[], second: readonly number[]): TTestResult {
  const n1 = first.length;
  const n2 = second.length;
  const difference = mean(second) - mean(first);
  if (n1 < 2 || n2 < 2) return { difference, ...UNTESTABLE };
  const pooledVariance = ((n1 - 1) * variance(first) + (n2 - 1) * variance(second)) / (n1 + n2 - 2);
  return fromStandardError(difference, Math.sqrt(pooledVariance * (1 / n1 + 1 / n2)), n1 + n2 - 2);
}

/** Welch's t-test (unequal variances, Welch–Satterthwaite df); NaN below 2 values per side. */
export function welchTTest(first: readonly number[], second: readonly number[]): TTestResult {
  const n1 = first.length;
  const n2 = second.length;
  const difference = mean(second) - mean(first);
  if (n1 < 2 || n2 < 2) return { difference, ...UNTESTABLE };
  const share1 = variance(first) / n1;
  const share2 = variance(second) / n2;
  const standardError = Math.sqrt(share1 + share2);
  const degreesOfFreedom =
    standardError === 0
      ? n1 + n2 - 2
      : (share1 + share2) ** 2 / (share1 ** 2 / (n1 - 1) + share2 ** 2 / (n2 - 1));
  return fromStandardError(difference, standardError, degreesOfFreedom);
}

/**
 * The paired t-test of differences measured in pairs (candidate − baseline of each pair, e.g. the
 * log ratios of two forks that took turns): df = n − 1; NaN below 2 pairs.
 */
export function pairedTTest(differences: readonly number[]): TTestResult {
  const n = differences.length;
  const difference = n === 0 ? NaN : mean(differences);
  if (n < 2) return { difference, ...UNTESTABLE };
  return fromStandardError(difference, Math.sqrt(variance(differences) / n), n - 1);
}

/** The test the comparison uses: pooled for equal sizes, Welch's otherwise (see the file comment). */
export function twoSampleTTest(first: readonly number[], second: readonly number[]): TTestResult {
  return first.length === second.length ? pooledTTest(first, second) : welchTTest(first, second);
}
