/**
 * What values an axis accepts, declared by a suite or a benchmark, so a `-p` value that cannot work
 * (`-p dataSize=-5`, `-p poolSize=0`, `-p dataSize=2.5`) is refused in the parent, with one line,
 * before a lock is taken, a server started or a fork run. Declarations are optional: an undeclared
 * axis keeps the inferred rule (numeric defaults accept any finite number, named defaults only their
 * own names).
 *
 * @example
 * ```ts
 * defineSuite({
 *   axes: { dataSize: [1000, 10000], strategy: ['copy', 'insert'] },
 *   axisTypes: {
 *     dataSize: integerAxis({ min: 1, max: 10_000_000 }),
 *     strategy: choiceAxis(['copy', 'insert', 'unnest']),
 *   },
 *   …
 * });
 * ```
 */

/** Whole numbers in digits (no exponent, no fraction), optionally bounded. */
export interface IntegerAxisType {
  readonly kind: 'integer';
  readonly min?: number;
  readonly max?: number;
}

/** Finite decimal numbers, optionally bounded. */
export interface NumberAxisType {
  readonly kind: 'number';
  readonly min?: number;
  readonly max?: number;
}

/** A set of names (strategies, query kinds); values may go beyond the defaults. */
export interface ChoiceAxisType {
  readonly kind: 'choice';
  readonly values: readonly string[];
}

/** Any other rule: `check` throws an `Error` whose message says what is wrong with the value. */
export interface CustomAxisType {
  readonly kind: 'custom';
  /** What the axis accepts, as the error message should say it, e.g. "none or a duration such as 10ms". */
  readonly description: string;
  check(value: string): void;
}

/** The type and range of one axis. */
export type AxisType = IntegerAxisType | NumberAxisType | ChoiceAxisType | CustomAxisType;

/** An integer axis, e.g. `integerAxis({ min: 1 })` for a pool size. */
export function integerAxis(range: { min?: number; max?: number } = {}): IntegerAxisType {
  return { kind: 'integer', ...range };
}

/** A numeric axis, e.g. `numberAxis({ min: 0, max: 1 })` for a ratio. */
export function numberAxis(range: { min?: number; max?: number } = {}): NumberAxisType {
  return { kind: 'number', ...range };
}

/** A named axis accepting exactly `values`. */
export function choiceAxis(values: readonly string[]): ChoiceAxisType {
  return { kind: 'choice', values };
}

/** An axis checked by a function that throws on a bad value; `description` is what it accepts. */
export function customAxis(description: string, check: (value: string) => void): CustomAxisType {
  return { kind: 'custom', description, check };
}

/** What an axis type accepts, in words: "an integer from 1 to 10000000", "one of copy, insert". */
export function describeAxisType(type: AxisType): string {
  switch (type.kind) {
    case 'integer':
    case 'number':
      return `${type.kind === 'integer' ? 'an integer' : 'a number'}${describeRange(type.min, type.max)}`;
    case 'choice':
      return `one of ${type.values.join(', ')}`;
    case 'custom':
      return type.description;
  }
}

/** Why `value` does not fit `type`, or undefined when it does. */
export function axisValueProblem(type: AxisType, value: string): string | undefined {
  switch (type.kind) {
    case 'integer': {
      const parsed = Number(value);
      const fits =
        /^[+-]?\d+$/.test(value) && Number.isSafeInteger(parsed) && withinRange(parsed, type.min, type.max);
      return fits ? undefined : `expected ${describeAxisType(type)}`;
    }
    case 'number': {
      const parsed = Number(value);
      const fits = value.trim() !== '' && Number.isFinite(parsed) && withinRange(parsed, type.min, type.max);
      return fits ? undefined : `expected ${describeAxisType(type)}`;
    }
    case 'choice':
      return type.values.includes(value) ? undefined : `expected ${describeAxisType(type)}`;
    case 'custom':
      try {
        type.check(value);
        return undefined;
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : undefined;
        return reason === undefined || reason === '' ? `expected ${type.description}` : reason;
      }
  }
}

function withinRange(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function describeRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return '';
}
