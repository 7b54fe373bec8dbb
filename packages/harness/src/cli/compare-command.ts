/**
 * The `dbbench compare` command: the options, the checkouts of both sides, the comparison run, and
 * its three outputs (console table, Markdown for a PR comment, JSON). Also compares two existing
 * reports (`--base-report` / `--head-report`) without running anything.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { durationFlag, integerAtLeast } from './cli-parsers.js';
import {
  addFlags,
  ITERATION_FLAGS,
  iterationSettingsOf,
  paramFlagsOf,
  quickFlag,
  SELECTION_FLAGS,
  type MeasurementFlags,
} from './measurement-flags.js';
import { addSuiteOptions } from './suite-options.js';
import { compareResults, DEFAULT_NOISE_THRESHOLD } from '../compare/compare-results.js';
import { DEFAULT_MAX_FORKS_PER_SIDE } from '../compare/adaptive-sampling.js';
import type { Comparison } from '../compare/model.js';
import { pairReports } from '../compare/report-pairs.js';
import { renderConsole } from '../compare/render-console.js';
import { renderJson } from '../compare/render-json.js';
import { renderMarkdown } from '../compare/render-markdown.js';
import type { SuiteDefinition } from '../define/definition.js';
import { DbbenchError, usageError } from '../define/errors.js';
import { redactReportCredentials } from '../report/redact-credentials.js';
import { reportSchemas } from '../report/report-io.js';
import type { JmhResult } from '../report/report-schema.js';
import { parseParamFlags } from '../plan/run-plan.js';
import { loadSuite, resolveSuitePath } from '../fork/suite-loader.js';
import {
  defaultBaseRef,
  refCheckout,
  repositoryRoot,
  sameFileIn,
  workingTreeCheckout,
  type Checkout,
} from '../comparison/checkout.js';
import { runComparison, type ComparedSuite } from '../comparison/run-comparison.js';

/** Forks per side when `--forks` is not given. */
export const DEFAULT_COMPARE_FORKS = 3;
/** `--budget` when not given: how long `--auto` may keep adding fork pairs. */
export const DEFAULT_AUTO_BUDGET_MS = 10 * 60_000;

/** What commander parses for `compare`. */
export interface CompareFlags extends MeasurementFlags {
  base?: string;
  head?: string;
  baseReport?: string;
  headReport?: string;
  engine?: string;
  forks?: number;
  auto?: boolean;
  budget?: number;
  maxForks?: number;
  threshold?: number;
  json?: string;
  markdown?: string;
  reports?: string;
  failOnRegression?: boolean;
}

/** A parsed `compare` invocation: module paths, flags and the suites' own option values. */
export interface CompareRequest {
  readonly modules: readonly string[];
  readonly flags: CompareFlags;
  readonly suiteOptions: Readonly<Record<string, string | undefined>>;
}

/** `5%`, `5` or `0.05` → 0.05; a usage error for anything else. */
function parseThreshold(value: string): number {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  const number = percent === null ? Number(value) : Number(percent[1]) / 100;
  const fraction = percent === null && number >= 1 ? number / 100 : number;
  if (!Number.isFinite(fraction) || fraction <= 0 || fraction >= 1) {
    throw new InvalidArgumentError('--threshold: a change in percent such as 5% (between 0% and 100%)');
  }
  return fraction;
}

/** The suite module paths among `compare`'s arguments (compiled modules end in .js), found before the parse. */
export function findCompareModules(args: readonly string[]): string[] {
  return args.filter((arg) => !arg.startsWith('-') && /\.[cm]?js$/.test(arg));
}

/**
 * Adds `compare` to the program. `suites` are the modules named on the command line, loaded first so
 * their own options (e.g. `--provider`) join the command; `onCompare` receives the parsed request.
 */
export function addCompareCommand(
  program: Command,
  suites: readonly SuiteDefinition[],
  onCompare: (request: CompareRequest) => void,
): void {
  const command = program
    .command('compare')
    .description(
      'measure a baseline ref and the working tree (or --head) interleaved on one server and call regressions',
    )
    .argument('[suite-modules...]', 'compiled suite modules, e.g. dist/postgres-suite.js dist/mysql-suite.js')
    .option('--base <ref>', 'baseline git ref (default: the merge base with the default branch, else HEAD~1)')
    .option('--head <ref>', 'candidate git ref (default: the working tree)')
    .option('--base-report <file>', 'compare two existing reports instead of running (with --head-report)')
    .option('--head-report <file>', 'the candidate report for --base-report')
    .option('--engine <name>', 'only the modules whose suite targets this database (e.g. postgres)');
  addFlags(
    command,
    [
      ...SELECTION_FLAGS,
      quickFlag("the suites' quick profile"),
      {
        flags: '-f, --forks <n>',
        description: `forks per side (default ${DEFAULT_COMPARE_FORKS})`,
        parse: integerAtLeast(2, '--forks'),
      },
      ...ITERATION_FLAGS,
    ],
    { suites },
  );
  command
    .option('--auto', 'add fork pairs to results whose change is not resolved yet, within --budget')
    .option(
      '--budget <duration>',
      'how long --auto may keep sampling (default 10m)',
      durationFlag('--budget'),
    )
    .option(
      '--max-forks <n>',
      `forks per side --auto stops at (default ${DEFAULT_MAX_FORKS_PER_SIDE})`,
      integerAtLeast(2, '--max-forks'),
    )
    .option('--threshold <percent>', 'smallest change worth calling (default 5%)', parseThreshold)
    .option('--json <file>', 'write the comparison as JSON ({suite} in the name: the suites compared)')
    .option(
      '--markdown <file>',
      'write the comparison as Markdown for a PR comment ({suite}: the suites compared)',
    )
    .option('--reports <dir>', "keep both sides' reports (baseline.json, candidate.json) in this directory")
    .option('--fail-on-regression', 'exit 1 when a regression is called');
  const suiteOptions = addSuiteOptions(command, suites);
  command.exitOverride().configureOutput({ outputError: () => undefined });
  command.action((modules: string[], flags: CompareFlags) => {
    onCompare({ modules, flags, suiteOptions: suiteOptions() });
  });
}

async function readAnyReport(path: string): Promise<JmhResult[]> {
  let text: string;
  try {
    text = await readFile(resolve(path), 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw usageError(`${path} is not JSON`);
  }
  // Loaded on use, not at the top: this module is part of the harness every fork imports (zod ~90 ms).
  const { jmhReportSchema } = await reportSchemas();
  const parsed = jmhReportSchema.safeParse(json);
  if (!parsed.success) throw usageError(`${path} is not a JMH or dbbench report`);
  // A report nobody here wrote may carry a connection string: the comparison never prints its password.
  return redactReportCredentials(parsed.data);
}

async function writeOutputs(comparison: Comparison, flags: CompareFlags): Promise<void> {
  for (const line of renderConsole(comparison, { color: process.stdout.isTTY }))
    process.stdout.write(`${line}\n`);
  if (flags.markdown !== undefined) await writeFile(resolve(flags.markdown), renderMarkdown(comparison));
  if (flags.json !== undefined) await writeFile(resolve(flags.json), renderJson(comparison));
}

function exitCode(comparison: Comparison, flags: CompareFlags, failed: boolean): number {
  const regressed = comparison.results.some((result) => result.verdict === 'regressed');
  return failed || (flags.failOnRegression === true && regressed) ? 1 : 0;
}

/** Both reports given: pair and compare them, no run. */
async function compareReportFiles(flags: CompareFlags): Promise<number> {
  if (flags.baseReport === undefined || flags.headReport === undefined) {
    throw usageError('--base-report and --head-report go together');
  }
  const [baseline, candidate] = await Promise.all([
    readAnyReport(flags.baseReport),
    readAnyReport(flags.headReport),
  ]);
  const results = pairReports(baseline, candidate, {
    deterministicCounters: (result) => result.dbbench?.deterministicCounters ?? [],
  });
  const comparison = compareResults(
    {
      results,
      context: { baseline: { commit: flags.baseReport }, candidate: { commit: flags.headReport } },
    },
    flags.threshold === undefined ? {} : { noiseThreshold: flags.threshold },
  );
  await writeOutputs(comparison, flags);
  return exitCode(comparison, flags, false);
}

/** Runs a parsed `compare`; resolves to the exit code. */
export async function runCompare(
  request: CompareRequest,
  log: (message: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  const { flags } = request;
  if (flags.baseReport !== undefined || flags.headReport !== undefined) {
    if (request.modules.length > 0)
      throw usageError('give suite modules or --base-report/--head-report, not both');
    return compareReportFiles(flags);
  }
  if (request.modules.length === 0) {
    throw usageError(
      'compare needs suite modules (e.g. dist/postgres-suite.js) or --base-report and --head-report',
    );
  }
  const candidatePaths = request.modules.map((module) => resolveSuitePath(module));
  const root = await repositoryRoot(process.cwd());
  const baseRef = flags.base ?? (await defaultBaseRef(root));
  const workingTree = await workingTreeCheckout(root);
  const candidateCheckout: Checkout =
    flags.head === undefined ? workingTree : await refCheckout(root, flags.head, log);
  const baselineCheckout = await refCheckout(root, baseRef, log);
  const suites: ComparedSuite[] = [];
  for (const path of candidatePaths) {
    const candidatePath = sameFileIn(path, workingTree, candidateCheckout);
    const candidate = await loadSuite(candidatePath);
    if (flags.engine !== undefined && candidate.database !== flags.engine) continue;
    const baselinePath = sameFileIn(path, workingTree, baselineCheckout);
    let baseline: SuiteDefinition;
    try {
      baseline = await loadSuite(baselinePath);
    } catch (error) {
      throw new DbbenchError(
        `the baseline ${baseRef} has no usable ${request.modules[candidatePaths.indexOf(path)] ?? path}: ${(error as Error).message}`,
      );
    }
    suites.push({
      baseline: { role: 'baseline', suiteModule: baselinePath, suite: baseline, checkout: baselineCheckout },
      candidate: {
        role: 'candidate',
        suiteModule: candidatePath,
        suite: candidate,
        checkout: candidateCheckout,
      },
    });
  }
  if (suites.length === 0) throw usageError(`--engine ${flags.engine ?? ''}: no suite module targets it`);
  const run = await runComparison({
    suites,
    plan: {
      paramOverrides: parseParamFlags(paramFlagsOf(flags)),
      ...(flags.bench === undefined ? {} : { benchmarkFilter: flags.bench }),
      ...(flags.mode === undefined ? {} : { modes: flags.mode }),
      quick: flags.quick === true,
    },
    cliSettings: iterationSettingsOf(flags),
    forks: flags.forks ?? DEFAULT_COMPARE_FORKS,
    auto: flags.auto === true,
    budgetMs: flags.budget ?? DEFAULT_AUTO_BUDGET_MS,
    maxForksPerSide: flags.maxForks ?? DEFAULT_MAX_FORKS_PER_SIDE,
    compare: { noiseThreshold: flags.threshold ?? DEFAULT_NOISE_THRESHOLD },
    suiteOptions: request.suiteOptions,
    profilers: [],
    ...(signal === undefined ? {} : { signal }),
    ...(flags.reports === undefined ? {} : { reportsDir: resolve(flags.reports) }),
    log,
  });
  await writeOutputs(run.comparison, flags);
  if (run.unresolved.length > 0) {
    log(`compare --auto: unresolved when it stopped: ${run.unresolved.join('; ')}`);
  }
  const failed = [...run.baseline, ...run.candidate].some((result) => result.dbbench.status === 'failed');
  if (failed)
    log('compare: some forks failed; their results are not comparable (see --reports for the failures)');
  if (run.interrupted) return 130;
  return exitCode(run.comparison, flags, failed);
}
