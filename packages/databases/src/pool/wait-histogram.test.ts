import { describe, expect, it } from 'vitest';
import { WaitHistogram } from './wait-histogram.js';

describe('WaitHistogram', () => {
  it('summarises every sample with nearest-rank percentiles, across buffer growth', () => {
    const histogram = new WaitHistogram();
    // 1..5000 shuffled deterministically, more than the initial capacity.
    for (let i = 0; i < 5000; i++) histogram.record(((i * 7919) % 5000) + 1);
    const summary = histogram.summary();
    expect(summary.count).toBe(5000);
    expect(summary.mean).toBeCloseTo(2500.5, 9);
    expect(summary.p50).toBe(2500);
    expect(summary.p95).toBe(4750);
    expect(summary.p99).toBe(4950);
    expect(summary.max).toBe(5000);
  });

  it('is all zeros when empty and after clear()', () => {
    const histogram = new WaitHistogram();
    expect(histogram.summary()).toEqual({ count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 });
    histogram.record(3);
    histogram.clear();
    expect(histogram.summary().count).toBe(0);
  });
});
