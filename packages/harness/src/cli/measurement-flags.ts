/**
 * The measurement flags `run` and `compare` share — what to measure (`-b`, `-p`, `-m`, `--quick`) and
 * how long (`--warmup-iterations`, `--warmup-time`, `-i`, `--time`, `--timeout`) — declared once, so
 * both commands spell, describe and validate them alike. A command adds its own (`--forks` differs:
 * forks per combination for `run`, per side for `compare`).
 */
import type { Command } from 'commander';
import type { IterationSettings, Mode, SuiteDefinition } from '../define/definition.js';
import { formatIterationTime } from '../define/units.js';
import { MODES } from '../plan/run-plan.js';
import { durationFlag, integerAtLeast, parseModes } from './cli-parsers.js';

/** The values commander parses from the shared flags. */
export interface MeasurementFlags {
  param: string[];
  /** pgbench's `-R` spelled long: `-p rate=<values>`. */
  rate?: string;
  /** pgbench's `--latency-limit`, ms: `-p latencyLimit=<n>ms`. */
  latencyLimit?: number;
  bench?: string;
  mode?: Mode[];
  quick?: boolean;
  warmupIterations?: number;
  warmupTime?: number;
  iterations?: number;
  time?: number;
  timeout?: number;
}

/** One flag: its spelling, help text, and the parser that validates its value (if any). */
export interface FlagDeclaration {
  readonly flags: string;
  readonly description: string;
  readonly parse?: (value: string) => unknown;
  /** Repeatable: each value is collected into a list (default `[]`), checked by `parse` if given. */
  readonly repeatable?: boolean;
  /** The suite's own default for this setting, shown in --help when a suite module is named. */
  readonly suiteDefault?: (suite: SuiteDefinition) => string | undefined;
}

function iterationDefault(
  pick: (settings: IterationSettings) => number | undefined,
  format: (value: number) => string = String,
): (suite: SuiteDefinition) => string | undefined {
  return (suite) => {
    const value = suite.iterations === undefined ? undefined : pick(suite.iterations);
    return value === undefined ? undefined : format(value);
  };
}

const asTime = (value: number): string => formatIterationTime(value, 'avgt');

/** What to measure. */
export const SELECTION_FLAGS: readonly FlagDeclaration[] = [
  { flags: '-b, --bench <regex>', description: 'only benchmarks whose name matches' },
  {
    flags: '-p, --param <axis=values>',
    description: 'narrow or replace an axis, e.g. -p dataSize=1000,10000 (repeatable)',
    repeatable: true,
  },
  {
    flags: '-m, --mode <modes>',
    description: `replace benchmark modes: ${MODES.join(', ')} (comma-separated)`,
    parse: parseModes,
  },
  {
    flags: '--rate <values>',
    description:
      'open-loop arrivals per second (pgbench -R), the same as -p rate=<values>, e.g. --rate 500,2000; for suites with a rate axis',
  },
  {
    flags: '--latency-limit <duration>',
    description:
      "pgbench's --latency-limit for open-loop benchmarks, the same as -p latencyLimit=<duration>, e.g. 10ms",
    parse: durationFlag('--latency-limit'),
  },
];

/** How long each fork measures. */
export const ITERATION_FLAGS: readonly FlagDeclaration[] = [
  {
    flags: '--warmup-iterations <n>',
    description: 'warmup iterations per fork',
    parse: integerAtLeast(0, '--warmup-iterations'),
    suiteDefault: iterationDefault((settings) => settings.warmupIterations),
  },
  {
    flags: '--warmup-time <duration>',
    description: 'time per warmup iteration, e.g. 500ms, 2s',
    parse: durationFlag('--warmup-time'),
    suiteDefault: iterationDefault((settings) => settings.warmupTimeMs, asTime),
  },
  {
    flags: '-i, --iterations <n>',
    description: 'measurement iterations per fork',
    parse: integerAtLeast(1, '--iterations'),
    suiteDefault: iterationDefault((settings) => settings.measurementIterations),
  },
  {
    flags: '--time <duration>',
    description: 'time per measurement iteration, e.g. 1s, 1m',
    parse: durationFlag('--time'),
    suiteDefault: iterationDefault((settings) => settings.measurementTimeMs, asTime),
  },
  {
    flags: '--timeout <duration>',
    description: 'kill a fork after this long and record a failure',
    parse: durationFlag('--timeout'),
    suiteDefault: iterationDefault((settings) => settings.timeoutMs, asTime),
  },
];

/** `--quick`, with the wording of the command that has it. */
export function quickFlag(description: string): FlagDeclaration {
  return { flags: '--quick', description };
}

/**
 * Adds `declarations` to `command`. With `validate` false (the early parse that finds the suite
 * module) values are taken unchecked; with `suites`, each flag's help names the suites' own default.
 */
export function addFlags(
  command: Command,
  declarations: readonly FlagDeclaration[],
  options: { readonly validate?: boolean; readonly suites?: readonly SuiteDefinition[] } = {},
): void {
  for (const declaration of declarations) {
    const description = declaration.description + suiteDefaultsText(declaration, options.suites ?? []);
    const parse = options.validate === false ? undefined : declaration.parse;
    if (declaration.repeatable === true) {
      const check = parse ?? ((value: string) => value);
      command.option(
        declaration.flags,
        description,
        (value: string, previous: unknown[]) => [...previous, check(value)],
        [],
      );
    } else if (parse !== undefined) command.option(declaration.flags, description, parse);
    else command.option(declaration.flags, description);
  }
}

function suiteDefaultsText(declaration: FlagDeclaration, suites: readonly SuiteDefinition[]): string {
  if (declaration.suiteDefault === undefined) return '';
  const values = [...new Set(suites.flatMap((suite) => declaration.suiteDefault?.(suite) ?? []))];
  return values.length === 0 ? '' : ` (suite default: ${values.join(' / ')})`;
}

/** The iteration settings the shared flags set (absent flags leave the suite's and benchmark's own). */
export function iterationSettingsOf(flags: MeasurementFlags): IterationSettings {
  return {
    ...(flags.warmupIterations === undefined ? {} : { warmupIterations: flags.warmupIterations }),
    ...(flags.warmupTime === undefined ? {} : { warmupTimeMs: flags.warmupTime }),
    ...(flags.iterations === undefined ? {} : { measurementIterations: flags.iterations }),
    ...(flags.time === undefined ? {} : { measurementTimeMs: flags.time }),
    ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout }),
  };
}

/**
 * The `-p` overrides the flags ask for: every `-p`, then the pgbench spellings `--rate` and
 * `--latency-limit` as the axes they stand for (`rate`, `latencyLimit`), so one parser checks all.
 */
export function paramFlagsOf(flags: MeasurementFlags): string[] {
  return [
    ...flags.param,
    ...(flags.rate === undefined ? [] : [`rate=${flags.rate}`]),
    ...(flags.latencyLimit === undefined ? [] : [`latencyLimit=${flags.latencyLimit}ms`]),
  ];
}
