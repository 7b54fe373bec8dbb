/**
 * `dbbench run <suite-module>`: its options (the shared measurement flags, its own, the suite's), the
 * report path, `--list`, `--shard`, and the run itself under Ctrl-C handling.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import type { IterationSettings, SuiteDefinition, TimeUnit } from '../define/definition.js';
import { errorMessage } from '../define/errors.js';
import { formatIterationTime, TIME_UNITS } from '../define/units.js';
import { BUILT_IN_PROFILERS } from '../fork/trial-runner.js';
import { expandMatrix, parseParamFlags, type Combination } from '../plan/run-plan.js';
import { parseShardSpec, shardReportPath, type ShardSpec } from '../plan/shard-plan.js';
import { describeShard, keepOnlyShardResults, planShardRun } from '../plan/shard-run.js';
import { runSuite, type RunStage } from '../run/runner.js';
import { ConsoleReporter } from '../session/console-reporter.js';
import { EXIT_CODES, prefixFirstLine } from './cli-errors.js';
import { budgetFlag, integerAtLeast, parseUnit } from './cli-parsers.js';
import { MAX_ROUND_FORKS } from '../session/measurement-session.js';
import { withInterruptSignals } from './interrupt-signals.js';
import {
  addFlags,
  ITERATION_FLAGS,
  iterationSettingsOf,
  paramFlagsOf,
  quickFlag,
  SELECTION_FLAGS,
  type FlagDeclaration,
  type MeasurementFlags,
} from './measurement-flags.js';
import { addSuiteOptions, type SuiteOptionValues } from './suite-options.js';

/** What commander parses for `run` (suite options are read separately). */
export interface RunFlags extends MeasurementFlags {
  list?: boolean;
  forks?: number;
  batchSize?: number;
  warmupBatchSize?: number;
  unit?: TimeUnit;
  out?: string;
  resume?: boolean;
  prof: string[];
  shard?: ShardSpec;
  budget?: number;
  interleave?: number;
}

/** A parsed `run`: the loaded suite, its path, the flags and the suite's option values. */
export interface RunRequest {
  readonly suite: SuiteDefinition;
  readonly suitePath: string;
  readonly flags: RunFlags;
  readonly suiteOptions: Record<string, string | undefined>;
}

function shardFlag(value: string): ShardSpec {
  try {
    return parseShardSpec(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessage(error));
  }
}

/** `run`'s own flags, around the shared ones. */
function runFlags(): { readonly before: FlagDeclaration[]; readonly after: FlagDeclaration[] } {
  return {
    before: [
      {
        flags: '--list',
        description: 'print the benchmark × mode × params matrix and exit (no run, no setup)',
      },
      {
        flags: '-f, --forks <n>',
        description: 'fresh processes per combination; 0 runs in-process (debugging)',
        parse: integerAtLeast(0, '--forks'),
        suiteDefault: (suite) =>
          suite.iterations?.forks === undefined
            ? undefined
            : `${suite.iterations.forks}, 3 where a declared answer compares the combination`,
      },
    ],
    after: [
      {
        flags: '--batch-size <n>',
        description: 'invocations per single-shot iteration (ss mode)',
        parse: integerAtLeast(1, '--batch-size'),
      },
      {
        flags: '--warmup-batch-size <n>',
        description: 'invocations per single-shot warmup iteration (ss mode)',
        parse: integerAtLeast(1, '--warmup-batch-size'),
      },
      {
        flags: '--unit <unit>',
        description: `time unit of scores, thrpt counts ops per unit: ${TIME_UNITS.join(', ')}`,
        parse: parseUnit,
      },
      {
        flags: '-o, --out <path>',
        description: 'report file (merged by benchmark, mode and params)',
        suiteDefault: (suite) => join('reports', `${suite.database}.json`),
      },
      { flags: '--resume', description: 'skip combinations already in the report with status ok' },
      quickFlag(
        "the suite's quick profile; without --out the report goes to a temp file, never over the default report",
      ),
      {
        flags: '--budget <duration>',
        description:
          'wall time of the whole run, e.g. 12m: after the first pass, fork pairs go to undetermined answers until it is spent (0 = first pass only)',
        parse: budgetFlag,
        suiteDefault: (suite) =>
          suite.budgetMs === undefined ? undefined : formatIterationTime(suite.budgetMs, 'avgt'),
      },
      {
        flags: '--interleave <n>',
        description:
          'most forks alive together, taking turns iteration by iteration, where a declared answer compares their combinations (1 = one fork at a time)',
        parse: integerAtLeast(1, '--interleave'),
        suiteDefault: () => String(MAX_ROUND_FORKS),
      },
      {
        flags: '--shard <k/n>',
        description:
          'run part k of n of the matrix, balanced by the durations in --out; writes <out>.shard-k-of-n.json for dbbench merge',
        parse: shardFlag,
      },
      {
        flags: '--prof <profiler>',
        description: `add a built-in profiler to every benchmark (repeatable): ${Object.keys(BUILT_IN_PROFILERS).join(', ')}`,
        repeatable: true,
        parse: (value) => {
          const profilers = Object.keys(BUILT_IN_PROFILERS);
          if (!profilers.includes(value))
            throw new InvalidArgumentError(`--prof: choose one of ${profilers.join(', ')}`);
          return value;
        },
      },
    ],
  };
}

/** Every flag of `run`, in help order. */
function allRunFlags(): FlagDeclaration[] {
  const { before, after } = runFlags();
  const [bench, param, mode, ...pgbenchSpellings] = SELECTION_FLAGS;
  return [param, bench, ...before, ...ITERATION_FLAGS, mode, ...pgbenchSpellings, ...after].filter(
    (flag): flag is FlagDeclaration => flag !== undefined,
  );
}

/**
 * Adds the `run` command to `program`; with `suite` (the module named on the command line) its
 * options and defaults join the help. `onRun` receives the parsed flags and suite option values.
 */
export function addRunCommand(
  program: Command,
  suite: SuiteDefinition | undefined,
  onRun: (flags: RunFlags, suiteOptions: Record<string, string | undefined>) => void,
): void {
  const run = program
    .command('run')
    .description('run a suite module and write its JMH-format JSON report')
    .argument('<suite-module>', 'compiled suite module, e.g. dist/postgres-suite.js');
  addFlags(run, allRunFlags(), { suites: suite === undefined ? [] : [suite] });
  const suiteOptions: SuiteOptionValues = addSuiteOptions(run, suite === undefined ? [] : [suite]);
  run.exitOverride().configureOutput({ outputError: () => undefined });
  run.action((_modulePath: string, flags: RunFlags) => onRun(flags, suiteOptions()));
  if (suite === undefined) {
    run.addHelpText('after', '\nA suite module adds its own options: dbbench run <suite-module> --help');
  }
}

/**
 * The first operand after `run`, found with the flags `run` knows; a value after an option only the
 * suite knows (e.g. `--provider url`) is taken as the module only when nothing else is.
 */
export function findSuiteModuleArgument(args: readonly string[]): string | undefined {
  const probe = new Command('run').allowUnknownOption().allowExcessArguments().helpOption(false);
  probe.exitOverride().configureOutput({ outputError: () => undefined, writeErr: () => undefined });
  addFlags(probe, allRunFlags(), { validate: false });
  let parsed: { operands: string[]; unknown: string[] };
  try {
    parsed = probe.parseOptions([...args]);
  } catch {
    return undefined; // e.g. `--out` without its value: the real parse reports it
  }
  const { operands, unknown } = parsed;
  return (
    operands[0] ??
    unknown.find((arg) => /\.[cm]?js$/.test(arg)) ??
    unknown.find((arg) => !arg.startsWith('-'))
  );
}

/** Runs a parsed `run`; resolves to the exit code. */
export async function runCommand(request: RunRequest): Promise<number> {
  const { suite, suitePath, flags, suiteOptions } = request;
  const paramOverrides = parseParamFlags(paramFlagsOf(flags));
  const plan = expandMatrix(suite, {
    paramOverrides,
    ...(flags.bench === undefined ? {} : { benchmarkFilter: flags.bench }),
    ...(flags.mode === undefined ? {} : { modes: flags.mode }),
    quick: flags.quick === true,
  });
  // A quick run's report starts empty, so its shards are split by count.
  const shard =
    flags.shard === undefined
      ? undefined
      : await planShardRun(suite, plan, flags.shard, flags.quick ? undefined : outOption(suite, flags));
  const combinations = shard?.combinations ?? plan;
  if (flags.list) {
    if (shard !== undefined) process.stdout.write(`${describeShard(shard)}\n`);
    printMatrix(suite, combinations);
    return 0;
  }
  const reporter = new ConsoleReporter();
  if (shard !== undefined) {
    reporter.log(describeShard(shard));
    if (combinations.length === 0) return 0;
  }
  const outPath = reportPath(suite, flags, reporter);
  if (shard !== undefined) {
    await keepOnlyShardResults(outPath, suite.name, shard, (message) => reporter.log(message));
  }
  let stage: RunStage | 'starting' = 'starting';
  return withInterruptSignals(
    () =>
      stage === 'running'
        ? 'stopping the running fork, keeping the report, cleaning up'
        : `stopped ${stage === 'waiting-for-lock' ? 'waiting for the measurement lock' : 'before the run started'}; nothing was run`,
    async (interruption) => {
      const summary = await runSuite({
        suite,
        suiteModule: suitePath,
        combinations,
        cliSettings: cliSettings(flags),
        quick: flags.quick === true,
        ...(flags.unit === undefined ? {} : { unit: flags.unit }),
        outPath,
        resume: flags.resume === true,
        suiteOptions,
        chosenAxes: Object.keys(paramOverrides),
        profilers: flags.prof,
        reporter,
        signal: interruption.signal,
        ...(shard === undefined ? {} : { shard: shard.record }),
        budgetMs: flags.budget ?? (flags.quick === true ? 0 : (suite.budgetMs ?? 0)),
        ...(flags.interleave === undefined ? {} : { interleave: flags.interleave }),
        onStage: (next) => (stage = next),
      });
      if (summary.interrupted) return interruption.exitCode() ?? EXIT_CODES.interrupted;
      if (summary.failed > 0) {
        process.stderr.write(
          prefixFirstLine(
            'dbbench',
            `${summary.failed} of ${summary.results.length} combinations failed; see the failures in ${outPath}`,
          ),
        );
        return 1;
      }
      return 0;
    },
  );
}

function cliSettings(flags: RunFlags): IterationSettings {
  return {
    ...iterationSettingsOf(flags),
    ...(flags.forks === undefined ? {} : { forks: flags.forks }),
    ...(flags.batchSize === undefined ? {} : { batchSize: flags.batchSize }),
    ...(flags.warmupBatchSize === undefined ? {} : { warmupBatchSize: flags.warmupBatchSize }),
  };
}

/** The report `--out` names (or the default one). */
function outOption(suite: SuiteDefinition, flags: RunFlags): string {
  return resolve(flags.out ?? join('reports', `${suite.database}.json`));
}

/**
 * `--out` (with `--shard`, the shard's report beside it, as the log says once). A quick run without
 * `--out` writes a fresh temp file, so a smoke run never overwrites the report of a full run; a quick
 * run whose user named the file writes there.
 */
function reportPath(suite: SuiteDefinition, flags: RunFlags, reporter: ConsoleReporter): string {
  const named =
    flags.shard === undefined
      ? outOption(suite, flags)
      : shardReportPath(outOption(suite, flags), flags.shard);
  if (flags.shard !== undefined) {
    reporter.log(
      `# Shard report: ${named} (each shard writes <out>.shard-k-of-n.json; dbbench merge joins them)`,
    );
  }
  if (!flags.quick || flags.out !== undefined) return named;
  const quickPath = join(mkdtempSync(join(tmpdir(), 'dbbench-quick-')), basename(named));
  reporter.log(
    `# Quick profile: the report goes to ${quickPath} (not ${named}: --out names a file to keep; npx dbbench-docs generate --reports ${quickPath} --out <dir> renders it)`,
  );
  return quickPath;
}

function printMatrix(suite: SuiteDefinition, combinations: readonly Combination[]): void {
  const rows = combinations.map((combination) => [
    `${suite.name}.${combination.benchmarkName}`,
    combination.mode,
    Object.entries(combination.params)
      .map(([axis, value]) => `${axis}=${value}`)
      .join(' '),
  ]);
  const widths = [0, 1].map((column) => Math.max(0, ...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) {
    process.stdout.write(
      `${row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
  }
  process.stdout.write(`${combinations.length} combinations\n`);
}
