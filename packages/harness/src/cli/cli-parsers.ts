/**
 * Value parsers for command-line flags: each names its flag in the message, which commander shows as
 * a usage error (exit 2).
 */
import { InvalidArgumentError } from 'commander';
import type { Mode, TimeUnit } from '../define/definition.js';
import { errorMessage } from '../define/errors.js';
import { MODES } from '../plan/run-plan.js';
import { parseDuration, TIME_UNITS } from '../define/units.js';

/** Collects a repeatable flag's values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Collects a repeatable flag's values, each one of `choices`. */
export function collectChoice(
  choices: readonly string[],
  flag: string,
): (value: string, previous: string[]) => string[] {
  return (value, previous) => {
    if (!choices.includes(value))
      throw new InvalidArgumentError(`${flag}: choose one of ${choices.join(', ')}`);
    return [...previous, value];
  };
}

/** An integer flag of at least `minimum`. */
export function integerAtLeast(minimum: number, flag: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed) || parsed < minimum) {
      throw new InvalidArgumentError(`${flag} needs an integer ≥ ${minimum}`);
    }
    return parsed;
  };
}

/** A duration flag (`500ms`, `2s`, `10m`), bounded by what a timer can wait. */
export function durationFlag(flag: string): (value: string) => number {
  return (value) => {
    try {
      return parseDuration(value, flag);
    } catch (error) {
      throw new InvalidArgumentError(errorMessage(error));
    }
  };
}

/** `--budget`: a duration, or 0 for none (the first pass only). */
export function budgetFlag(value: string): number {
  return /^\s*0+(\.0*)?\s*(ns|us|ms|s|m)?\s*$/.test(value) ? 0 : durationFlag('--budget')(value);
}

/** `--unit`: one of the time units. */
export function parseUnit(value: string): TimeUnit {
  if (!(TIME_UNITS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`--unit: choose one of ${TIME_UNITS.join(', ')}`);
  }
  return value as TimeUnit;
}

/** `--mode`: comma-separated modes. */
export function parseModes(value: string): Mode[] {
  const modes = value.split(',').map((mode) => mode.trim());
  const unknown = modes.filter((mode) => !(MODES as readonly string[]).includes(mode));
  if (unknown.length > 0 || modes.length === 0) {
    throw new InvalidArgumentError(`unknown mode ${unknown.join(', ')}; modes: ${MODES.join(', ')}`);
  }
  return modes as Mode[];
}
