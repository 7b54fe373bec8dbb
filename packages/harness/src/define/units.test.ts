import { describe, expect, it } from 'vitest';
import { isUsageError } from './errors.js';
import {
  formatIterationTime,
  MAX_DURATION_MS,
  parseDuration,
  scoreFromNanosecondsPerOp,
  scoreUnit,
  timerDelayMs,
} from './units.js';

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

  it('refuses durations no timer can wait for, and never lets a timer fire early', () => {
    // 2^31 ms and above would make Node fire the timer after 1 ms; a 400-digit number is Infinity.
    for (const tooLong of ['2147484s', '35792m', `${'9'.repeat(400)}s`]) {
      let caught: unknown;
      try {
        parseDuration(tooLong, '--timeout');
      } catch (error) {
        caught = error;
      }
      expect(isUsageError(caught)).toBe(true);
      expect((caught as Error).message).toMatch(/^--timeout: .* is too long; the longest duration is/);
      expect((caught as Error).message.length).toBeLessThan(120);
    }
    expect(parseDuration('2147483s', '--timeout')).toBe(2_147_483_000);
    expect(timerDelayMs(Number.POSITIVE_INFINITY)).toBe(MAX_DURATION_MS);
    expect(timerDelayMs(2 ** 40)).toBe(MAX_DURATION_MS);
    expect(timerDelayMs(0.2)).toBe(1);
    expect(timerDelayMs(1500)).toBe(1500);
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
