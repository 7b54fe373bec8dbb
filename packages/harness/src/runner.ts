/**
 * The run: obtain the suite's run setup once, then for every combination run its forks, build the
 * result, merge it into the report and write the report atomically, so a crash or Ctrl-C loses
 * nothing already measured. Always disposes the run setup.
 */
import type { IterationSettings, Json, RunSetup, SuiteDefinition, TimeUnit } from './definition.js';
import type { ConsoleReporter } from './console-reporter.js';
import { collectEnvironment, collectGitState } from './environment.js';
import type { ForkFailure, ForkTask, IterationResult } from './fork-protocol.js';
import { runInFork } from './fork-runner.js';
import { DbbenchError, errorMessage, InterruptedError } from './errors.js';
import { acquireMeasurementLock, type ReleaseLock } from './measurement-lock.js';
import { mergeResults, readReportIfExists, resultKey, writeReportAtomic } from './report-io.js';
import type { DbbenchReport, DbbenchResult, ShardRecord } from './report-schema.js';
import { PhaseClock, type PhaseDurationsMs } from './phase-clock.js';
import { buildResult, type ForkOutcome, type RunMetadata } from './result-builder.js';
import { checkReportPath } from './report-path.js';
import { expandMatrix, type Combination } from './run-plan.js';
import { estimateCombinationMs, RunProgress } from './run-progress.js';
import { benchmarkIterations, resolveSettings, type ResolvedSettings } from './settings.js';
import { runTrial } from './trial-runner.js';
import { defaultUnit, scoreUnit } from './units.js';

/** Everything a run needs; the CLI builds it from flags. */
export interface RunOptions {
  readonly suite: SuiteDefinition;
  /** Absolute path of the suite module, imported by every fork. */
  readonly suiteModule: string;
  readonly combinations: readonly Combination[];
  /** Settings from the command line (highest precedence). */
  readonly cliSettings?: IterationSettings;
  readonly quick?: boolean;
  /** `--unit`: replaces each benchmark's unit. */
  readonly unit?: TimeUnit;
  readonly outPath: string;
  /** Skip combinations whose result in the existing report has status ok. */
  readonly resume?: boolean;
  /** Values of the suite's own options, passed to `setupRun`. */
  readonly suiteOptions?: Readonly<Record<string, string | undefined>>;
  /** Built-in profilers to add to every benchmark (`--prof gc`). */
  readonly profilers?: readonly string[];
  readonly reporter: ConsoleReporter;
  /** Aborting kills the running fork and stops the run after it (the report keeps what was measured). */
  readonly signal?: AbortSignal;
  /** `--shard k/n`: recorded in every result, so `dbbench merge` can check the shards fit together. */
  readonly shard?: ShardRecord;
  /** Told when the run starts waiting for the measurement lock and when it has it (e.g. to word Ctrl-C). */
  readonly onStage?: (stage: RunStage) => void;
}

/** Where a run is: waiting for another run to finish, or running (its setup, then the forks). */
export type RunStage = 'waiting-for-lock' | 'running';

/** What a run did. */
export interface RunSummary {
  /** Results measured in this run, in order. */
  readonly results: readonly DbbenchResult[];
  readonly failed: number;
  readonly skipped: number;
  readonly interrupted: boolean;
  readonly outPath: string;
}

/** Runs every combination and writes the report; see {@link RunOptions}. */
export async function runSuite(options: RunOptions): Promise<RunSummary> {
  const { suite, reporter } = options;
  // Inputs first, before the lock and the server: a bad report path or report fails in a second.
  checkReportPath(options.outPath);
  let report: DbbenchReport = withoutStaleResults(
    await readExistingReport(options.outPath),
    suite,
    options.combinations,
    (message) => reporter.log(message),
  );
  const settingsByCombination = options.combinations.map((combination) => settingsFor(options, combination));
  const progress = new RunProgress(
    options.combinations.map((combination, index) =>
      estimateCombinationMs(combination.mode, settingsByCombination[index] as ResolvedSettings),
    ),
  );
  const results: DbbenchResult[] = [];
  let skipped = 0;
  let interrupted = false;
  // Taken before the server is obtained, so a waiting run does not even start one.
  options.onStage?.('waiting-for-lock');
  let releaseLock: ReleaseLock;
  try {
    releaseLock = await acquireMeasurementLock((message) => reporter.log(message), options.signal);
  } catch (error) {
    if (error instanceof InterruptedError) {
      return { results, failed: 0, skipped, interrupted: true, outPath: options.outPath };
    }
    throw error;
  }
  options.onStage?.('running');
  let setup: RunSetup | undefined;
  try {
    setup = await suite.setupRun?.(options.suiteOptions ?? {}, (message) => reporter.log(message), {
      combinations: options.combinations.map((combination) => ({
        benchmark: combination.benchmarkName,
        params: combination.params,
      })),
      concurrentForks: 1,
    });
    const metadata: RunMetadata = {
      suite: suite.name,
      database: suite.database,
      profile: options.quick ? 'quick' : 'default',
      environment: collectEnvironment(),
      git: collectGitState(),
      runInfo: setup?.info ?? {},
      ...(suite.display === undefined ? {} : { display: suite.display }),
    };
    const okKeys = new Set(report.filter((result) => result.dbbench.status === 'ok').map(resultKey));
    for (const [index, combination] of options.combinations.entries()) {
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      const qualifiedName = `${suite.name}.${combination.benchmarkName}`;
      const key = resultKey({ benchmark: qualifiedName, mode: combination.mode, params: combination.params });
      if (options.resume && okKeys.has(key)) {
        reporter.skipped(qualifiedName, combination.params);
        progress.complete(index, 0);
        skipped++;
        continue;
      }
      const settings = settingsByCombination[index] as ResolvedSettings;
      const unit = options.unit ?? combination.benchmark.unit ?? defaultUnit(combination.mode);
      reporter.combinationStarted(combination, qualifiedName, settings, progress.snapshot());
      const startedAt = performance.now();
      const clock = new PhaseClock();
      const forkOutcomes = await runForks(
        options,
        combination,
        settings,
        unit,
        setup?.context ?? null,
        clock,
      );
      const elapsedMs = performance.now() - startedAt;
      progress.complete(index, elapsedMs);
      // Ctrl-C reaches the fork too (same process group); its death then is the interrupt, not a crash.
      if (options.signal?.aborted || forkOutcomes.some((fork) => fork.failure?.phase === 'interrupted')) {
        interrupted = true;
        break;
      }
      const result = withRunRecords(
        buildResult({ combination, settings, unit, forks: settings.forks, forkOutcomes }, metadata),
        elapsedMs,
        clock.totals(),
        options.shard,
      );
      reporter.combinationFinished(result);
      results.push(result);
      report = mergeResults(report, [result]);
      await writeReport(options.outPath, report);
    }
  } finally {
    try {
      await setup?.dispose();
    } finally {
      await releaseLock();
    }
  }
  reporter.finished(results, options.outPath);
  return {
    results,
    failed: results.filter((result) => result.dbbench.status === 'failed').length,
    skipped,
    interrupted,
    outPath: options.outPath,
  };
}

/**
 * Adds what only the run knows: the combination's wall time (what `--shard` balances by), where it
 * went (setup, warmup, measurement, teardown), and its shard.
 */
function withRunRecords(
  result: DbbenchResult,
  elapsedMs: number,
  durationsMs: PhaseDurationsMs,
  shard: ShardRecord | undefined,
): DbbenchResult {
  return {
    ...result,
    dbbench: {
      ...result.dbbench,
      elapsedMs: Math.round(elapsedMs),
      durationsMs,
      ...(shard === undefined ? {} : { shard }),
    },
  };
}

/**
 * Writes the report; a file system error (disk full, the directory removed meanwhile) is the
 * machine's, not a bug: one line naming the file, exit 1. Results written before stay.
 */
async function writeReport(path: string, report: DbbenchReport): Promise<void> {
  try {
    await writeReportAtomic(path, report);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new DbbenchError(`cannot write the report ${path} (${code}): ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/** The report already at `path` (empty when none); a file that is not a report is a usage error. */
async function readExistingReport(path: string): Promise<DbbenchReport> {
  try {
    return (await readReportIfExists(path)) ?? [];
  } catch (error) {
    if (error instanceof DbbenchError) throw new DbbenchError(error.message, { usage: true, cause: error });
    throw error;
  }
}

function settingsFor(options: RunOptions, combination: Combination): ResolvedSettings {
  return resolveSettings(
    options.suite.iterations,
    benchmarkIterations(combination.benchmark.iterations, combination.params),
    options.quick ? options.suite.quick?.iterations : undefined,
    options.cliSettings,
  );
}

/** Runs the combination's forks one after another (or once in-process for `--forks 0`). */
async function runForks(
  options: RunOptions,
  combination: Combination,
  settings: ResolvedSettings,
  unit: TimeUnit,
  runContext: Json,
  clock: PhaseClock,
): Promise<ForkOutcome[]> {
  const outcomes: ForkOutcome[] = [];
  const unitLabel = scoreUnit(combination.mode, unit);
  const forkCount = Math.max(1, settings.forks);
  for (let fork = 0; fork < forkCount; fork++) {
    options.reporter.forkStarted(fork, settings.forks);
    const task: ForkTask = {
      suiteModule: options.suiteModule,
      benchmarkName: combination.benchmarkName,
      mode: combination.mode,
      params: combination.params,
      settings,
      unit,
      runContext,
      fork,
      profilers: options.profilers ?? [],
    };
    const iterations: IterationResult[] = [];
    const onIteration = (iteration: IterationResult): void => {
      iterations.push(iteration);
      options.reporter.iteration(iteration, unitLabel);
    };
    const onLog = (message: string): void => options.reporter.log(message);
    const failure: ForkFailure | undefined =
      settings.forks === 0
        ? await runTrial(combination.benchmark, task, { iteration: onIteration, log: onLog })
        : await runInFork(task, {
            settings,
            clock,
            onIteration,
            onLog,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          });
    outcomes.push(failure === undefined ? { iterations } : { iterations, failure });
    if (failure !== undefined) break;
  }
  return outcomes;
}

/**
 * Drops results whose combination is neither in the suite's default matrix nor planned by this run (a
 * removed benchmark or axis value), so a report never keeps numbers the current code cannot
 * reproduce. Results of the matrix that this run does not measure (a narrowed run) are kept.
 */
function withoutStaleResults(
  report: DbbenchReport,
  suite: SuiteDefinition,
  planned: readonly Combination[],
  log: (message: string) => void,
): DbbenchReport {
  const current = new Set(
    [...expandMatrix(suite), ...planned].map((combination) =>
      resultKey({
        benchmark: `${suite.name}.${combination.benchmarkName}`,
        mode: combination.mode,
        params: combination.params,
      }),
    ),
  );
  const kept = report.filter((result) => current.has(resultKey(result)));
  const dropped = report.length - kept.length;
  if (dropped > 0) {
    log(
      `dropping ${dropped} result(s) from the report whose benchmark, mode or parameters are no longer in the suite's default matrix`,
    );
  }
  return kept;
}
