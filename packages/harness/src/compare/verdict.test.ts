import { describe, expect, it } from 'vitest';
import { intervalPosition, isNoisyRatio, verdictOf } from './verdict.js';

const settings = { noiseThreshold: 0.05, falseDiscoveryRate: 0.05 };

describe('verdict rule', () => {
  it('places an interval against the band 1 ± threshold', () => {
    expect(intervalPosition(1.06, 1.2, 0.05)).toBe('above');
    expect(intervalPosition(0.8, 0.94, 0.05)).toBe('below');
    expect(intervalPosition(0.96, 1.04, 0.05)).toBe('inside');
    expect(intervalPosition(1.04, 1.2, 0.05)).toBe('straddles');
    expect(intervalPosition(0.9, 1.1, 0.05)).toBe('straddles');
  });

  it('calls a change by the direction of the metric', () => {
    const slower = { low: 1.1, high: 1.3, qValue: 0.01 };
    expect(verdictOf({ ...slower, higherIsBetter: false }, settings)).toBe('regressed');
    expect(verdictOf({ ...slower, higherIsBetter: true }, settings)).toBe('improved');
    const lower = { low: 0.7, high: 0.9, qValue: 0.01 };
    expect(verdictOf({ ...lower, higherIsBetter: false }, settings)).toBe('improved');
    expect(verdictOf({ ...lower, higherIsBetter: true }, settings)).toBe('regressed');
  });

  it('needs both: significance after the correction and the whole interval beyond the threshold', () => {
    expect(verdictOf({ low: 1.1, high: 1.3, qValue: 0.06, higherIsBetter: false }, settings)).toBe('~');
    expect(verdictOf({ low: 1.02, high: 1.3, qValue: 0.001, higherIsBetter: false }, settings)).toBe('~');
    expect(verdictOf({ low: 1.1, high: 1.3, qValue: Number.NaN, higherIsBetter: false }, settings)).toBe('~');
  });

  it('marks an interval wider than ±25% of the ratio noisy', () => {
    expect(isNoisyRatio(1, 0.7, 1.3, 0.25)).toBe(true);
    expect(isNoisyRatio(1, 0.8, 1.2, 0.25)).toBe(false);
    expect(isNoisyRatio(2, 1.5, 2.5, 0.25)).toBe(false);
    expect(isNoisyRatio(1, Number.NaN, Number.NaN, 0.25)).toBe(false);
  });
});
