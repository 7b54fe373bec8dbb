/**
 * The `dbbench` command line. `dbbench run <suite-module>` loads the suite first, so the suite's own
 * options (e.g. `--provider`) join the command: `--help` lists them and bad values are usage errors.
 * Exit codes: 0 ok, 1 failed combinations or run error, 2 usage error, 130 interrupted (143 SIGTERM);
 * every error goes through `cli-errors.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { addCliCommand, type CliCommand, type ParsedCliCommand } from './cli-command.js';
import { ConsoleReporter } from './console-reporter.js';
import type { IterationSettings, Mode, SuiteDefinition, TimeUnit } from './definition.js';
import { EXIT_CODES, prefixFirstLine, reportCliError } from './cli-errors.js';
import { errorMessage, shortenValue } from './errors.js';
import {
  addCompareCommand,
  findCompareModules,
  runCompare,
  type CompareRequest,
} from './compare-run/compare-command.js';
import { addMergeCommand, runMerge, type MergeRequest } from './merge-command.js';
import { expandMatrix, MODES, parseParamFlags, type Combination } from './run-plan.js';
import { runSuite, type RunStage } from './runner.js';
import { parseShardSpec, shardReportPath, type ShardSpec } from './shard-plan.js';
import { describeShard, keepOnlyShardResults, planShardRun } from './shard-run.js';
import {
  budgetFlag,
  collect,
  collectChoice,
  durationFlag,
  integerAtLeast,
  parseModes,
  parseUnit,
} from './cli-parsers.js';
import { loadSuite, resolveSuitePath } from './suite-loader.js';
import { BUILT_IN_PROFILERS } from './trial-runner.js';
import { TIME_UNITS } from './units.js';
import { HARNESS_VERSION } from './version.js';

/** Options commander parses for `run` (suite options are read separately). */
interface RunFlags {
  param: string[];
  bench?: string;
  list?: boolean;
  forks?: number;
  warmupIterations?: number;
  warmupTime?: number;
  iterations?: number;
  time?: number;
  batchSize?: number;
  mode?: Mode[];
  unit?: TimeUnit;
  timeout?: number;
  out?: string;
  resume?: boolean;
  quick?: boolean;
  prof: string[];
  shard?: ShardSpec;
  budget?: number;
}

/** What a package adds to the command line. */
export interface CliExtensions {
  /** Commands beside `run` and `merge` (e.g. a database package's housekeeping). */
  readonly commands?: readonly CliCommand[];
}

/** The harness's own commands, which an extension cannot replace. */
const BUILT_IN_COMMANDS: readonly string[] = ['run', 'merge', 'compare', 'help'];

/**
 * Runs the CLI with `argv` as in `process.argv`, with the commands of `extensions` added; resolves
 * to the exit code. A bin that adds commands is one line:
 *
 * @example
 * ```ts
 * process.exit(await runCli(process.argv, { commands: [containersCommand] }));
 * ```
 */
export async function runCli(argv: readonly string[], extensions: CliExtensions = {}): Promise<number> {
  try {
    return await dispatch(argv.slice(2), extensions.commands ?? []);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.exitCode === 0
      ) {
        return 0;
      }
      // `dbbench` without a command: commander has printed the help to stderr.
      if (error.code === 'commander.help') return EXIT_CODES.usage;
      printError(commanderMessage(error));
      return EXIT_CODES.usage;
    }
    return reportCliError('dbbench', error);
  }
}

async function dispatch(args: readonly string[], commands: readonly CliCommand[]): Promise<number> {
  // The suite module has to be known before the real parse, to add its options to `run`.
  const modulePath = args[0] === 'run' ? findSuiteModuleArgument(args.slice(1)) : undefined;
  const suitePath = modulePath === undefined ? undefined : resolveSuitePath(modulePath);
  const suite = suitePath === undefined ? undefined : await loadSuite(suitePath);

  let parsed: { flags: RunFlags; suiteOptions: Record<string, string | undefined> } | undefined;
  const program = createProgram(suite, (flags, suiteOptions) => {
    parsed = { flags, suiteOptions };
  });
  const merge: { request?: MergeRequest } = {};
  addMergeCommand(program, (request) => (merge.request = request));
  // compare's suite modules join the command with their own options, like run's.
  const compareModules = args[0] === 'compare' ? findCompareModules(args.slice(1)) : [];
  const compareSuites = await Promise.all(
    compareModules.map((module) => loadSuite(resolveSuitePath(module))),
  );
  const compare: { request?: CompareRequest } = {};
  addCompareCommand(program, compareSuites, (request) => (compare.request = request));
  const extension: { parsed?: ParsedCliCommand } = {};
  for (const command of commands) {
    if (
      BUILT_IN_COMMANDS.includes(command.name) ||
      program.commands.some((known) => known.name() === command.name)
    ) {
      throw new TypeError(`the command "${command.name}" is already defined`);
    }
    addCliCommand(program, command, (parsed) => (extension.parsed = parsed));
  }
  program.parse(args, { from: 'user' });
  if (merge.request !== undefined) return runMerge(merge.request);
  if (compare.request !== undefined) return runCompareCommand(compare.request);
  if (extension.parsed !== undefined) return extension.parsed.command.action(extension.parsed.input);
  const run = parsed;
  if (run === undefined || suite === undefined || suitePath === undefined) {
    // `dbbench` with no command: commander has already printed the help or an error.
    return 2;
  }
  return runCommand(suite, suitePath, run.flags, run.suiteOptions);
}

function createProgram(
  suite: SuiteDefinition | undefined,
  onRun: (flags: RunFlags, suiteOptions: Record<string, string | undefined>) => void,
): Command {
  const program = new Command('dbbench')
    .description(
      'Database benchmarks with JMH rules: forks, warmup, modes, confidence intervals, JSON reports',
    )
    .version(HARNESS_VERSION)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: () => undefined });
  const run = program
    .command('run')
    .description('run a suite module and write its JMH-format JSON report')
    .argument('<suite-module>', 'compiled suite module, e.g. dist/postgres-suite.js');
  addRunOptions(run);
  const suiteOptionNames = addSuiteOptions(run, suite);
  run.exitOverride().configureOutput({ outputError: () => undefined });
  run.action((_modulePath: string, flags: RunFlags) => {
    const values: Record<string, string | undefined> = {};
    for (const [name, attribute] of suiteOptionNames)
      values[name] = run.getOptionValue(attribute) as string | undefined;
    onRun(flags, values);
  });
  if (suite === undefined) {
    run.addHelpText('after', '\nA suite module adds its own options: dbbench run <suite-module> --help');
  }
  return program;
}

/** `run`'s own options: flags, help text, and the parser that validates the value (if any). */
const RUN_OPTIONS: readonly (readonly [
  flags: string,
  description: string,
  parse?: (value: string) => unknown,
])[] = [
  ['-b, --bench <regex>', 'run only benchmarks whose name matches'],
  ['--list', 'print the benchmark × mode × params matrix and exit (no run, no setup)'],
  [
    '-f, --forks <n>',
    'fresh processes per combination; 0 runs in-process (debugging)',
    integerAtLeast(0, '--forks'),
  ],
  ['--warmup-iterations <n>', 'warmup iterations per fork', integerAtLeast(0, '--warmup-iterations')],
  ['--warmup-time <duration>', 'time per warmup iteration, e.g. 500ms, 2s', durationFlag('--warmup-time')],
  ['-i, --iterations <n>', 'measurement iterations per fork', integerAtLeast(1, '--iterations')],
  ['--time <duration>', 'time per measurement iteration, e.g. 1s, 1m', durationFlag('--time')],
  ['--batch-size <n>', 'invocations per single-shot iteration (ss mode)', integerAtLeast(1, '--batch-size')],
  ['-m, --mode <modes>', `replace benchmark modes: ${MODES.join(', ')} (comma-separated)`, parseModes],
  ['--unit <unit>', `time unit of scores, thrpt counts ops per unit: ${TIME_UNITS.join(', ')}`, parseUnit],
  ['--timeout <duration>', 'kill a fork after this long and record a failure', durationFlag('--timeout')],
  ['-o, --out <path>', 'report file (merged by benchmark, mode and params)'],
  ['--resume', 'skip combinations already in the report with status ok'],
  ['--quick', "the suite's quick profile; the report goes to a temp file, never to --out"],
  [
    '--budget <duration>',
    "wall time of the whole run, e.g. 12m: after the first pass, fork pairs go to undetermined answers until it is spent (default: the suite's; 0 = first pass only)",
    budgetFlag,
  ],
  [
    '--shard <k/n>',
    'run part k of n of the matrix, balanced by the durations in --out; writes <out>.shard-k-of-n.json for dbbench merge',
    shardFlag,
  ],
];

/** Adds `run`'s options; `validate: false` (finding the suite module) leaves values unchecked. */
function addRunOptions(run: Command, validate = true): void {
  run.option(
    '-p, --param <axis=values>',
    'narrow or replace an axis, e.g. -p dataSize=1000,10000 (repeatable)',
    collect,
    [],
  );
  for (const [flags, description, parse] of RUN_OPTIONS) {
    if (validate && parse !== undefined) run.option(flags, description, parse);
    else run.option(flags, description);
  }
  const profilers = Object.keys(BUILT_IN_PROFILERS);
  run.option(
    '--prof <profiler>',
    `add a built-in profiler to every benchmark (repeatable): ${profilers.join(', ')}`,
    validate ? collectChoice(profilers, '--prof') : collect,
    [],
  );
}

/** Adds the suite's declared options; returns [suite option name, commander attribute] pairs. */
function addSuiteOptions(run: Command, suite: SuiteDefinition | undefined): [string, string][] {
  const names: [string, string][] = [];
  for (const [name, declared] of Object.entries(suite?.options ?? {})) {
    const flag = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const option = new Option(`--${flag} <value>`, `${declared.description} (suite ${suite?.name ?? ''})`);
    if (declared.choices !== undefined) option.choices(declared.choices);
    if (declared.env !== undefined) option.env(declared.env);
    if (declared.default !== undefined) option.default(declared.default);
    run.addOption(option);
    names.push([name, option.attributeName()]);
  }
  return names;
}

/** `dbbench compare`, with Ctrl-C stopping the running fork and keeping what was compared so far. */
async function runCompareCommand(request: CompareRequest): Promise<number> {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(EXIT_CODES.interrupted);
    process.stderr.write(`\ndbbench: ${signal}: stopping the running fork, cleaning up\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await runCompare(request, (message) => process.stderr.write(`${message}\n`), controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function runCommand(
  suite: SuiteDefinition,
  suitePath: string,
  flags: RunFlags,
  suiteOptions: Record<string, string | undefined>,
): Promise<number> {
  const plan = expandMatrix(suite, {
    paramOverrides: parseParamFlags(flags.param),
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
  const controller = new AbortController();
  let exitCode = 0;
  let stage: RunStage | 'starting' = 'starting';
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(exitCode); // a second Ctrl-C: stop waiting for dispose
    exitCode = signal === 'SIGINT' ? EXIT_CODES.interrupted : EXIT_CODES.terminated;
    process.stderr.write(
      stage === 'running'
        ? `\ndbbench: ${signal}: stopping the running fork, keeping the report, cleaning up\n`
        : `\ndbbench: ${signal}: stopped ${stage === 'waiting-for-lock' ? 'waiting for the measurement lock' : 'before the run started'}; nothing was run\n`,
    );
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
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
      profilers: flags.prof,
      reporter,
      signal: controller.signal,
      ...(shard === undefined ? {} : { shard: shard.record }),
      budgetMs: flags.budget ?? (flags.quick === true ? 0 : (suite.budgetMs ?? 0)),
      onStage: (next) => (stage = next),
    });
    if (summary.interrupted) return exitCode || EXIT_CODES.interrupted;
    if (summary.failed > 0) {
      printError(
        `${summary.failed} of ${summary.results.length} combinations failed; see the failures in ${outPath}`,
      );
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function cliSettings(flags: RunFlags): IterationSettings {
  const settings: { -readonly [K in keyof IterationSettings]: IterationSettings[K] } = {};
  if (flags.forks !== undefined) settings.forks = flags.forks;
  if (flags.warmupIterations !== undefined) settings.warmupIterations = flags.warmupIterations;
  if (flags.warmupTime !== undefined) settings.warmupTimeMs = flags.warmupTime;
  if (flags.iterations !== undefined) settings.measurementIterations = flags.iterations;
  if (flags.time !== undefined) settings.measurementTimeMs = flags.time;
  if (flags.batchSize !== undefined) settings.batchSize = flags.batchSize;
  if (flags.timeout !== undefined) settings.timeoutMs = flags.timeout;
  return settings;
}

/** The report `--out` names (or the default one). */
function outOption(suite: SuiteDefinition, flags: RunFlags): string {
  return resolve(flags.out ?? join('reports', `${suite.database}.json`));
}

/**
 * `--out` (with `--shard`, the shard's report beside it), or a fresh temp file for `--quick` so smoke
 * runs never overwrite committed reports.
 */
function reportPath(suite: SuiteDefinition, flags: RunFlags, reporter: ConsoleReporter): string {
  const out =
    flags.shard === undefined
      ? outOption(suite, flags)
      : shardReportPath(outOption(suite, flags), flags.shard);
  if (!flags.quick) return out;
  const quickPath = join(mkdtempSync(join(tmpdir(), 'dbbench-quick-')), basename(out));
  reporter.log(`# Quick profile: the report goes to ${quickPath} (not ${out})`);
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

/**
 * The first operand after `run`, found with the flags `run` knows; a value after an option only the
 * suite knows (e.g. `--provider url`) is taken as the module only when nothing else is.
 */
function findSuiteModuleArgument(args: readonly string[]): string | undefined {
  const probe = new Command('run').allowUnknownOption().allowExcessArguments().helpOption(false);
  probe.exitOverride().configureOutput({ outputError: () => undefined, writeErr: () => undefined });
  addRunOptions(probe, false);
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

/**
 * Commander's message without its noise: our own value parsers already name the flag, so
 * "option '--time <duration>' argument '…' is invalid. --time: …" keeps only the last part, and a
 * long value is shortened so the message stays one readable line.
 */
function commanderMessage(error: CommanderError): string {
  const message = error.message.replace(/^error: /, '');
  const ours = /^option '[^']*' argument '[^']*' is invalid\. (--[\w-]+\b.*)$/s.exec(message)?.[1];
  return (ours ?? message).replace(/'([^']{25,})'/g, (_, value: string) => `'${shortenValue(value)}'`);
}

function printError(message: string): void {
  process.stderr.write(prefixFirstLine('dbbench', message));
}

function shardFlag(value: string): ShardSpec {
  try {
    return parseShardSpec(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessage(error));
  }
}
