import { describe, expect, it } from 'vitest';
import {
  confidenceHalfWidth,
  confidenceInterval,
  mean,
  percentile,
  percentiles,
  stdev,
  summarize,
} from './statistics.js';

describe('statistics', () => {
  const sample = [10, 12, 14, 16, 18];

  it('computes the mean and the sample standard deviation', () => {
    expect(mean(sample)).toBe(14);
    // Σ(x − 14)² = 16 + 4 + 0 + 4 + 16 = 40; 40 / (5 − 1) = 10.
    expect(stdev(sample)).toBeCloseTo(Math.sqrt(10), 12);
    expect(mean([])).toBeNaN();
    expect(stdev([3])).toBeNaN();
  });

  it('computes the 99.9% Student-t half-width as JMH does', () => {
    // t(0.9995, df = 4) = 8.6103 (printed tables: 8.610); half-width = t · s / √n = 8.6103 · √10 / √5.
    expect(confidenceHalfWidth(sample)).toBeCloseTo(8.61030158 * Math.sqrt(2), 4);
    const [low, high] = confidenceInterval(sample);
    expect(low).toBeCloseTo(14 - 12.1768, 3);
    expect(high).toBeCloseTo(14 + 12.1768, 3);
    // df = 9: t(0.9995, 9) = 4.7809; ten values 1..10 have s = √(55/6).
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(confidenceHalfWidth(ten)).toBeCloseTo((4.78091259 * Math.sqrt(55 / 6)) / Math.sqrt(10), 4);
  });

  it('reports NaN error for a single value, as JMH writes it', () => {
    expect(confidenceHalfWidth([5])).toBeNaN();
    expect(confidenceInterval([5]).every(Number.isNaN)).toBe(true);
  });

  it('computes percentiles with the position p(n+1)/100 estimator', () => {
    const values = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(percentile(values, 0)).toBe(1);
    expect(percentile(values, 50)).toBeCloseTo(5.5, 12);
    expect(percentile(values, 90)).toBeCloseTo(9.9, 12);
    expect(percentile(values, 25)).toBeCloseTo(2.75, 12);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(values, 101)).toThrow(RangeError);
  });

  it('writes every JMH percentile key', () => {
    expect(Object.keys(percentiles([1, 2, 3]))).toEqual([
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
    ]);
  });

  it('summarises min, max and spread in one call', () => {
    const summary = summarize(sample);
    expect(summary).toMatchObject({ n: 5, mean: 14, min: 10, max: 18 });
    expect(summary.percentiles['50.0']).toBe(14);
    expect(summary.error).toBeCloseTo(confidenceHalfWidth(sample), 12);
  });
});
