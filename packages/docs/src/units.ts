/**
 * Converting a primary score to "average milliseconds per operation" and "operations per second",
 * whatever unit JMH reported it in (`ms/op`, `us/op`, `ops/s`, `ops/ms`, …).
 */

const SECONDS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  min: 60,
};

/** What a score unit says: time per operation or operations per time. */
export interface ParsedUnit {
  readonly kind: 'timePerOp' | 'opsPerTime';
  /** Seconds in the unit's time part. */
  readonly seconds: number;
}

/** Parses `ms/op` or `ops/s`; undefined for anything else (e.g. `rows/s` or `B/op`). */
export function parseScoreUnit(unit: string): ParsedUnit | undefined {
  const timePerOp = /^(\w+|µs)\/op$/.exec(unit);
  if (timePerOp) {
    const seconds = SECONDS_PER_UNIT[timePerOp[1]!];
    return seconds === undefined ? undefined : { kind: 'timePerOp', seconds };
  }
  const opsPerTime = /^ops\/(\w+|µs)$/.exec(unit);
  if (opsPerTime) {
    const seconds = SECONDS_PER_UNIT[opsPerTime[1]!];
    return seconds === undefined ? undefined : { kind: 'opsPerTime', seconds };
  }
  return undefined;
}

/** A score in a time-per-op or ops-per-time unit as milliseconds per operation. */
export function averageMilliseconds(score: number | undefined, unit: string): number | undefined {
  const parsed = parseScoreUnit(unit);
  if (score === undefined || !parsed || score <= 0) return undefined;
  return parsed.kind === 'timePerOp' ? score * parsed.seconds * 1000 : (1000 * parsed.seconds) / score;
}

/** A score in a time-per-op or ops-per-time unit as operations per second. */
export function operationsPerSecond(score: number | undefined, unit: string): number | undefined {
  const parsed = parseScoreUnit(unit);
  if (score === undefined || !parsed || score <= 0) return undefined;
  return parsed.kind === 'opsPerTime' ? score / parsed.seconds : 1 / (score * parsed.seconds);
}

/** Converts a value in a time unit (`ns`, `us`, `ms`, `s`) to milliseconds; undefined for other units. */
export function toMilliseconds(value: number, unit: string): number | undefined {
  const seconds = SECONDS_PER_UNIT[unit];
  return seconds === undefined ? undefined : value * seconds * 1000;
}
