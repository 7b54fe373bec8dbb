import { describe, expect, it } from 'vitest';
import { bootstrapRatioOfMeans, mannWhitneyU, mean, normalCdf, seededRandom } from './statistics.js';

describe('mannWhitneyU', () => {
  it('gives the exact p-value for fully separated small samples', () => {
    // n1 = n2 = 3: only 1 of the 20 rank arrangements has U = 0, two-sided p = 2/20.
    const result = mannWhitneyU([1, 2, 3], [4, 5, 6]);
    expect(result.exact).toBe(true);
    expect(result.u).toBe(0);
    expect(result.pValue).toBeCloseTo(0.1, 12);
  });

  it('is symmetric in its arguments', () => {
    const a = [10.1, 10.5, 9.8, 10.9, 10.2];
    const b = [11.4, 11.9, 10.7, 12.2, 11.1];
    expect(mannWhitneyU(a, b).pValue).toBeCloseTo(mannWhitneyU(b, a).pValue, 12);
  });

  it('finds no difference between identical samples, ties and all', () => {
    expect(mannWhitneyU([1, 1, 2, 2], [1, 1, 2, 2]).pValue).toBe(1);
  });

  it('uses the tie-corrected normal approximation when values repeat', () => {
    const low = Array.from({ length: 30 }, (_, index) => index % 5);
    const high = low.map((value) => value + 3);
    const result = mannWhitneyU(low, high);
    expect(result.exact).toBe(false);
    expect(result.pValue).toBeLessThan(1e-6);
  });

  it('matches the normal distribution at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 6);
  });
});

describe('bootstrapRatioOfMeans', () => {
  const random = seededRandom(7);
  const baseline = Array.from({ length: 10 }, () => 100 + random() * 4);
  const slower = baseline.map((value) => value * 1.2 + random());

  it('is deterministic for a seed', () => {
    const first = bootstrapRatioOfMeans(slower, baseline, { randomSeed: 42 });
    const second = bootstrapRatioOfMeans(slower, baseline, { randomSeed: 42 });
    expect(second).toEqual(first);
  });

  it('brackets the true ratio of means', () => {
    const interval = bootstrapRatioOfMeans(slower, baseline, { randomSeed: 42 });
    const ratio = mean(slower) / mean(baseline);
    expect(interval.low).toBeLessThanOrEqual(ratio);
    expect(interval.high).toBeGreaterThanOrEqual(ratio);
    expect(interval.low).toBeGreaterThan(1.15);
    expect(interval.high).toBeLessThan(1.25);
  });
});
