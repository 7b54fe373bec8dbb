import { describe, expect, it } from 'vitest';
import { isUsageError } from './errors.js';
import { formatIterationTime, parseDuration, scoreFromNanosecondsPerOp, scoreUnit } from './units.js';

describe('units', () => {
  it('parses durations into milliseconds', () => {
    expect(parseDuration('500ms', '--time')).toBe(500);
    expect(parseDuration('2s', '--time')).toBe(2000);
    expect(parseDuration('1.5s', '--time')).toBe(1500);
    expect(parseDuration('1m', '--time')).toBe(60_000);
    expect(parseDuration('250us', '--time')).toBe(0.25);
  });

  it('rejects bad durations with a usage error naming the flag', () => {
    for (const bad of ['', '2', 'fast', '2 hours', '-1s', '0s']) {
      let caught: unknown;
      try {
        parseDuration(bad, '--warmup-time');
      } catch (error) {
        caught = error;
      }
      expect(isUsageError(caught)).toBe(true);
      expect((caught as Error).message).toContain('--warmup-time');
    }
  });

  it('writes iteration times as JMH does', () => {
    expect(formatIterationTime(1000, 'avgt')).toBe('1 s');
    expect(formatIterationTime(500, 'thrpt')).toBe('500 ms');
    expect(formatIterationTime(1000, 'ss')).toBe('single-shot');
  });

  it('converts ns per op into scores', () => {
    expect(scoreFromNanosecondsPerOp(2e6, 'avgt', 'ms')).toBe(2);
    expect(scoreFromNanosecondsPerOp(2e6, 'thrpt', 's')).toBe(500);
    expect(scoreFromNanosecondsPerOp(2e6, 'thrpt', 'ms')).toBe(0.5);
    expect(scoreUnit('thrpt', 's')).toBe('ops/s');
    expect(scoreUnit('sample', 'us')).toBe('us/op');
  });
});
