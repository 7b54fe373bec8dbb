import { describe, expect, it } from 'vitest';
import { mean, variance } from '../stats/statistics.js';
import {
  bootstrapLogRatios,
  hierarchicalBootstrap,
  meanOfForkMeans,
  resampleMean,
  smallSampleSpread,
  studentScale,
} from './bootstrap.js';
import { seededRandom } from './random.js';

function draws(forks: number[][], count: number, seed = 1): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => resampleMean(forks, random));
}

describe('hierarchical bootstrap', () => {
  it('weighs every fork the same', () => {
    expect(meanOfForkMeans([[1, 3], [10]])).toBe(6);
  });

  it('resamples forks with replacement: two constant forks give 1, 2, 3 with 1/4, 1/2, 1/4', () => {
    const values = draws(
      [
        [1, 1],
        [3, 3],
      ],
      20_000,
    );
    const share = (value: number): number => values.filter((drawn) => drawn === value).length / values.length;
    expect(share(1)).toBeCloseTo(0.25, 1);
    expect(share(2)).toBeCloseTo(0.5, 1);
    expect(share(3)).toBeCloseTo(0.25, 1);
    expect(values.every((value) => value === 1 || value === 2 || value === 3)).toBe(true);
  });

  it('resamples iterations within each drawn fork too: mean and variance as computed by hand', () => {
    // Forks [1, 3] and [5, 5]: fork means 2 and 5, so E* = 3.5.
    // Var* = between-fork part + within-fork part, each over n = 2 forks:
    //   between: ((2 − 3.5)² + (5 − 3.5)²)/2 / 2 = 1.125;
    //   within: fork [1, 3] has plug-in variance 1, over its 2 iterations 0.5; fork [5, 5] has 0;
    //   averaged over forks 0.25, over 2 drawn forks 0.125. Total 1.25.
    const values = draws(
      [
        [1, 3],
        [5, 5],
      ],
      40_000,
    );
    expect(mean(values)).toBeCloseTo(3.5, 1);
    expect(variance(values)).toBeGreaterThan(1.2);
    expect(variance(values)).toBeLessThan(1.3);
  });

  it('collapses to the ratio itself when nothing varies', () => {
    const estimate = hierarchicalBootstrap(
      [
        [2, 2],
        [2, 2],
      ],
      [
        [3, 3],
        [3, 3],
      ],
      { resamples: 500, seed: 7, confidence: 0.95, degreesOfFreedom: 2 },
    );
    expect(estimate.ratio).toBeCloseTo(1.5, 12);
    expect(estimate.low).toBeCloseTo(1.5, 12);
    expect(estimate.high).toBeCloseTo(1.5, 12);
  });

  it('gives the percentile interval without widening: it lies within the extreme fork ratios', () => {
    // Candidate forks 1 and 3 against a constant baseline 2: every resampled ratio is 0.5, 1 or 1.5.
    const baseline = [[2], [2]];
    const candidate = [[1], [3]];
    const sorted = bootstrapLogRatios(baseline, candidate, { resamples: 1000, seed: 3 });
    expect(new Set(Array.from(sorted, (value) => Math.exp(value).toFixed(6)))).toEqual(
      new Set(['0.500000', '1.000000', '1.500000']),
    );
    const estimate = hierarchicalBootstrap(baseline, candidate, {
      resamples: 1000,
      seed: 3,
      confidence: 0.95,
    });
    expect(estimate.ratio).toBeCloseTo(1, 12);
    expect(estimate.low).toBeCloseTo(0.5, 12);
    expect(estimate.high).toBeCloseTo(1.5, 12);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const baseline = [
      [10, 11, 9],
      [12, 12, 13],
      [10, 9, 10],
    ];
    const candidate = [
      [11, 12, 12],
      [13, 14, 12],
      [11, 11, 12],
    ];
    const options = { resamples: 400, confidence: 0.95, degreesOfFreedom: 4 };
    const first = hierarchicalBootstrap(baseline, candidate, { ...options, seed: 11 });
    expect(hierarchicalBootstrap(baseline, candidate, { ...options, seed: 11 })).toEqual(first);
    expect(hierarchicalBootstrap(baseline, candidate, { ...options, seed: 12 })).not.toEqual(first);
    expect(first.low).toBeLessThan(first.ratio);
    expect(first.high).toBeGreaterThan(first.ratio);
  });

  it('widens for few units: √(n/(n − 1)) per side and t(ν)/z overall', () => {
    expect(smallSampleSpread([[1], [2], [3]])).toBeCloseTo(Math.sqrt(3 / 2), 12);
    // A single fork: its iterations are the units.
    expect(smallSampleSpread([[1, 2, 3, 4, 5]])).toBeCloseTo(Math.sqrt(5 / 4), 12);
    expect(smallSampleSpread([[1]])).toBe(1);
    // t(0.975, 4) / z(0.975) = 2.776445 / 1.959964 = 1.416580 (scipy agrees).
    expect(studentScale(0.975, 4)).toBeCloseTo(1.41658, 5);
    expect(studentScale(0.975, 1e6)).toBeCloseTo(1, 4);
  });

  it('makes the widened interval wider than the plain one around the same ratio', () => {
    const baseline = [[100], [103], [98]];
    const candidate = [[110], [108], [113]];
    const plain = hierarchicalBootstrap(baseline, candidate, { resamples: 2000, seed: 5, confidence: 0.95 });
    const widened = hierarchicalBootstrap(baseline, candidate, {
      resamples: 2000,
      seed: 5,
      confidence: 0.95,
      degreesOfFreedom: 4,
    });
    expect(widened.ratio).toBe(plain.ratio);
    expect(widened.low).toBeLessThan(plain.low);
    expect(widened.high).toBeGreaterThan(plain.high);
  });
});
