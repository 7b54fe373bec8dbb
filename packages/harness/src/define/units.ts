/**
 * Durations and units: parsing `--time 2s`, converting nanoseconds into the score unit, and writing
 * times the way JMH's JSON writes them ("1 s", "500 ms").
 */
import type { Mode, TimeUnit } from './definition.js';
import { shortenValue, usageError } from './errors.js';

/** Every {@link TimeUnit}, for `--unit` choices. */
export const TIME_UNITS: readonly TimeUnit[] = ['ns', 'us', 'ms', 's'];

const NANOSECONDS_PER_UNIT: Readonly<Record<TimeUnit, number>> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };

const MILLISECONDS_PER_DURATION_UNIT: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
};

/**
 * The longest duration a Node timer can wait (2^31 − 1 ms, about 24.8 days); a longer `setTimeout`
 * fires after 1 ms instead. Every duration flag is bounded by it and every timer is clamped to it.
 */
export const MAX_DURATION_MS = 2 ** 31 - 1;

/** A timer delay Node honours: at most {@link MAX_DURATION_MS}, at least 1 ms. */
export function timerDelayMs(milliseconds: number): number {
  if (Number.isNaN(milliseconds)) return MAX_DURATION_MS;
  return Math.min(MAX_DURATION_MS, Math.max(1, Math.ceil(milliseconds)));
}

/** Nanoseconds in one unit. */
export function nanosecondsPer(unit: TimeUnit): number {
  return NANOSECONDS_PER_UNIT[unit];
}

/**
 * Parses a duration such as `500ms`, `2s`, `1.5s` or `1m` into milliseconds; anything else — also
 * zero and anything above {@link MAX_DURATION_MS} — is a usage error naming the flag.
 */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ns|us|ms|s|m)$/.exec(text.trim());
  const perUnit = match === null ? undefined : MILLISECONDS_PER_DURATION_UNIT[match[2] as string];
  if (match === null || perUnit === undefined) {
    throw usageError(
      `${flag}: invalid duration "${shortenValue(text)}"; use a number with a unit: ns, us, ms, s or m (e.g. 500ms, 2s, 1m)`,
    );
  }
  const milliseconds = Number(match[1]) * perUnit;
  if (!(milliseconds > 0))
    throw usageError(`${flag}: duration must be greater than zero, got "${shortenValue(text)}"`);
  if (!(milliseconds <= MAX_DURATION_MS)) {
    throw usageError(
      `${flag}: ${shortenValue(text)} is too long; the longest duration is ${MAX_DURATION_MS / 1000} s (about 24 days)`,
    );
  }
  return milliseconds;
}

/** An iteration time as JMH writes `warmupTime` / `measurementTime`: "1 s", "500 ms", "single-shot". */
export function formatIterationTime(milliseconds: number, mode: Mode): string {
  if (mode === 'ss') return 'single-shot';
  if (milliseconds >= 1000 && milliseconds % 1000 === 0) return `${milliseconds / 1000} s`;
  if (milliseconds >= 1 && Number.isInteger(milliseconds)) return `${milliseconds} ms`;
  return `${Math.round(milliseconds * 1000)} us`;
}

/** The unit a mode's score is written in: `ops/s` for thrpt, `ms/op` for the time modes. */
export function scoreUnit(mode: Mode, unit: TimeUnit): string {
  return mode === 'thrpt' ? `ops/${unit}` : `${unit}/op`;
}

/** The default unit of a mode: seconds for throughput (ops/s), milliseconds for time per op. */
export function defaultUnit(mode: Mode): TimeUnit {
  return mode === 'thrpt' ? 's' : 'ms';
}

/** Converts a time per operation in ns into a score in the mode's unit (ops per unit for thrpt). */
export function scoreFromNanosecondsPerOp(nanosecondsPerOp: number, mode: Mode, unit: TimeUnit): number {
  return mode === 'thrpt' ? nanosecondsPer(unit) / nanosecondsPerOp : nanosecondsPerOp / nanosecondsPer(unit);
}
