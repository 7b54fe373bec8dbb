import { describe, expect, it } from 'vitest';
import {
  combineHistograms,
  HISTOGRAM_PERCENTILES,
  LatencyHistogram,
  summarizeHistogram,
} from './histogram.js';

/** 1 µs … 10 ms in whole microseconds, as milliseconds: 10,000 distinct latencies. */
const VALUES_MS = Array.from({ length: 10_000 }, (_, index) => (index + 1) / 1000);

function recorded(values: readonly number[]): LatencyHistogram {
  const histogram = new LatencyHistogram();
  for (const value of values) histogram.record(value);
  return histogram;
}

/** The exact value at a percentile of sorted values (nearest rank, as HdrHistogram counts). */
function nearestRank(sorted: readonly number[], percentile: number): number {
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

describe('LatencyHistogram', () => {
  const histogram = recorded(VALUES_MS);

  it('reads every percentile within 0.1% of the recorded value', () => {
    expect(histogram.count).toBe(VALUES_MS.length);
    for (const percentile of [50, 99, 100]) {
      const exact = nearestRank(VALUES_MS, percentile);
      const read = histogram.percentile(percentile);
      expect(Math.abs(read - exact) / exact).toBeLessThanOrEqual(0.001);
    }
    // A value reads as the top of its bucket: never below what was recorded.
    expect(histogram.percentile(100)).toBeGreaterThanOrEqual(10);
  });

  it('reads NaN from an empty histogram', () => {
    expect(new LatencyHistogram().percentile(50)).toBeNaN();
  });

  it('decodes its encoding to the same distribution', () => {
    const decoded = LatencyHistogram.decode(histogram.encode());
    expect(decoded.count).toBe(histogram.count);
    expect(summarizeHistogram(decoded)).toEqual(summarizeHistogram(histogram));
  });

  it('combines two halves into exactly the histogram of all values', () => {
    const first = recorded(VALUES_MS.filter((_, index) => index % 2 === 0));
    const second = recorded(VALUES_MS.filter((_, index) => index % 2 === 1));
    const combined = combineHistograms([first.encode(), second.encode()]);
    expect(combined.count).toBe(histogram.count);
    expect(summarizeHistogram(combined)).toEqual(summarizeHistogram(histogram));
    for (const percentile of [1, 25, 75, 95, 99.5, 99.999])
      expect(combined.percentile(percentile)).toBe(histogram.percentile(percentile));
  });

  it('summarises by count and the standard percentiles, keyed as written', () => {
    const summary = summarizeHistogram(histogram);
    expect(summary.count).toBe(VALUES_MS.length);
    // Integer-like keys ("100") come first in a JavaScript object: compare as sets.
    expect(Object.keys(summary.percentiles).sort()).toEqual(HISTOGRAM_PERCENTILES.map(String).sort());
    expect(summary.percentiles['100']).toBe(histogram.percentile(100));
  });

  it('refuses to decode what is not an encoding, with a TypeError', () => {
    for (const garbage of ['', 'not a histogram', 'AAAA', histogram.encode().slice(0, 20)])
      expect(() => LatencyHistogram.decode(garbage)).toThrow(TypeError);
    expect(() => combineHistograms([histogram.encode(), '%%%'])).toThrow(/not an encoded HDR histogram/);
  });
});
