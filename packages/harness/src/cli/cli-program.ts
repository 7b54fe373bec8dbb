/**
 * The `dbbench` command line. `dbbench run <suite-module>` loads the suite first, so the suite's own
 * options (e.g. `--provider`) join the command: `--help` lists them and bad values are usage errors.
 * Exit codes: 0 ok, 1 failed combinations or run error, 2 usage error, 130 interrupted (143 SIGTERM);
 * every error goes through `cli-errors.ts`.
 */
import { Command, CommanderError } from 'commander';
import type { SuiteDefinition } from '../define/definition.js';
import { shortenValue } from '../define/errors.js';
import { HARNESS_VERSION } from '../define/version.js';
import { loadSuite, resolveSuitePath } from '../fork/suite-loader.js';
import { addCliCommand, type CliCommand, type ParsedCliCommand } from './cli-command.js';
import { EXIT_CODES, prefixFirstLine, reportCliError } from './cli-errors.js';
import { addCompareCommand, findCompareModules, runCompare, type CompareRequest } from './compare-command.js';
import { withInterruptSignals } from './interrupt-signals.js';
import { translateJmhSpellings } from './jmh-spellings.js';
import { addMergeCommand, runMerge, type MergeRequest } from './merge-command.js';
import { addRunCommand, findSuiteModuleArgument, runCommand, type RunFlags } from './run-command.js';

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

async function dispatch(given: readonly string[], commands: readonly CliCommand[]): Promise<number> {
  const measuring = given[0] === 'run' || given[0] === 'compare';
  const args = measuring ? [given[0] as string, ...translateJmhSpellings(given.slice(1))] : given;
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
  return runCommand({ suite, suitePath, flags: run.flags, suiteOptions: run.suiteOptions });
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
  addRunCommand(program, suite, onRun);
  return program;
}

/** `dbbench compare`, with Ctrl-C stopping the running fork and keeping what was compared so far. */
function runCompareCommand(request: CompareRequest): Promise<number> {
  return withInterruptSignals(
    () => 'stopping the running fork, cleaning up',
    (interruption) =>
      runCompare(request, (message) => process.stderr.write(`${message}\n`), interruption.signal),
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
