import { describe, expect, it } from 'vitest';
import { pooledTTest, twoSampleTTest, welchTTest } from './t-test.js';

describe('t-tests', () => {
  it("computes Student's pooled test as in the textbook", () => {
    // Means 2 and 5, both variances 1: pooled variance 1, SE = √(1·(1/3 + 1/3)) = 0.8165,
    // t = 3 / 0.8165 = 3.6742, df = 4, two-sided p = 0.021312 (scipy.stats.ttest_ind agrees).
    const result = pooledTTest([1, 2, 3], [4, 5, 6]);
    expect(result.difference).toBe(3);
    expect(result.standardError).toBeCloseTo(Math.sqrt(2 / 3), 12);
    expect(result.t).toBeCloseTo(3.6742346, 6);
    expect(result.degreesOfFreedom).toBe(4);
    expect(result.pValue).toBeCloseTo(0.0213116, 6);
  });

  it("computes Welch's test with the Welch–Satterthwaite degrees of freedom", () => {
    // Variances 1 and 20/3: shares 1/3 and 5/3, SE = √2, t = 5 / √2 = 3.5355,
    // df = 2² / ((1/3)²/2 + (5/3)²/3) = 4.07547, two-sided p = 0.023377.
    const result = welchTTest([1, 2, 3], [4, 6, 8, 10]);
    expect(result.t).toBeCloseTo(3.5355339, 6);
    expect(result.degreesOfFreedom).toBeCloseTo(4.0754717, 6);
    expect(result.pValue).toBeCloseTo(0.0233768, 6);
  });

  it('uses the pooled test for equal sizes and Welch for unequal ones', () => {
    expect(twoSampleTTest([1, 2, 3], [4, 5, 6]).degreesOfFreedom).toBe(4);
    expect(twoSampleTTest([1, 2, 3], [4, 6, 8, 10]).degreesOfFreedom).toBeCloseTo(4.0754717, 6);
  });

  it('is symmetric: swapping the sides flips the sign, not the p-value', () => {
    const forward = pooledTTest([1, 2, 4], [3, 5, 9]);
    const backward = pooledTTest([3, 5, 9], [1, 2, 4]);
    expect(backward.t).toBeCloseTo(-forward.t, 12);
    expect(backward.pValue).toBeCloseTo(forward.pValue, 12);
  });

  it('treats a difference without any noise as certain, and no difference as none', () => {
    expect(pooledTTest([2, 2], [3, 3]).pValue).toBe(0);
    expect(welchTTest([2, 2], [2, 2]).pValue).toBe(1);
  });

  it('cannot test fewer than two values on a side', () => {
    expect(pooledTTest([1], [2, 3]).pValue).toBeNaN();
    expect(welchTTest([1, 2], []).pValue).toBeNaN();
  });
});
