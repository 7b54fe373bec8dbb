/**
 * The run: obtain the suite's run setup once, then measure the plan in the order its questions ask
 * for (see `session/question-schedule.ts`): the combinations a declared answer compares run in
 * rounds, one fork each per round, so their forks pair up in time; the others run their forks back to
 * back. After that first pass, what is left of the time budget goes to the answer lines still
 * undetermined, a fork pair at a time. After every fork the combination's result is rebuilt, merged
 * into the report and the report written atomically, so a crash or Ctrl-C loses nothing already
 * measured. Always disposes the run setup.
 */
import { randomBytes } from 'node:crypto';
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
import { estimateCombinationMs, formatClock, RunProgress } from './run-progress.js';
import { benchmarkIterations, resolveSettings, type ResolvedSettings } from './settings.js';
import { runTrial } from './trial-runner.js';
import { defaultUnit, scoreUnit } from './units.js';
import { plannedLines, type PlannedLine } from './session/question-plan.js';
import {
  initialSchedule,
  nextLinePair,
  QUESTION_FORKS,
  questionGroups,
  shuffled,
  type LineProgress,
} from './session/question-schedule.js';
import { answerLine, type SideResult } from './questions/line-answer.js';
import { MAX_PAIRS_PER_LINE, pairedForkMeans } from './compare/answer-statistics.js';

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
  /** Skip combinations whose result in the existing report has status ok and all its planned forks. */
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
  /**
   * Wall time of the whole run (from taking the measurement lock) after which no more fork pairs
   * start for undetermined answers; 0 or absent: the first pass only.
   */
  readonly budgetMs?: number;
  /** Source of the shuffles (tests pass a seeded one). */
  readonly random?: () => number;
  /** Told when the run starts waiting for the measurement lock and when it has it (e.g. to word Ctrl-C). */
  readonly onStage?: (stage: RunStage) => void;
}

/** Where a run is: waiting for another run to finish, or running (its setup, then the forks). */
export type RunStage = 'waiting-for-lock' | 'running';

/** What a run did. */
export interface RunSummary {
  /** Results measured in this run, in plan order. */
  readonly results: readonly DbbenchResult[];
  readonly failed: number;
  readonly skipped: number;
  readonly interrupted: boolean;
  readonly outPath: string;
  /** Fork pairs the budget added for undetermined answers. */
  readonly addedPairs: number;
}

/** One planned combination while the run measures it. */
interface CombinationState {
  readonly index: number;
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  readonly qualifiedName: string;
  readonly key: string;
  /** Forks of the first pass. */
  readonly plannedForks: number;
  readonly outcomes: ForkOutcome[];
  readonly rounds: string[];
  readonly clock: PhaseClock;
  elapsedMs: number;
  result?: DbbenchResult;
  skipped: boolean;
}

/** Runs the plan and writes the report; see {@link RunOptions}. */
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
  const lines = plannedLines(suite, options.combinations);
  const groups = questionGroups(options.combinations.length, lines);
  const inQuestion = new Set(groups.filter((group) => group.length > 1).flat());
  const states = options.combinations.map((combination, index): CombinationState => {
    const settings = settingsFor(options, combination);
    return {
      index,
      combination,
      settings,
      unit: options.unit ?? combination.benchmark.unit ?? defaultUnit(combination.mode),
      qualifiedName: `${suite.name}.${combination.benchmarkName}`,
      key: resultKey({
        benchmark: `${suite.name}.${combination.benchmarkName}`,
        mode: combination.mode,
        params: combination.params,
      }),
      plannedForks: plannedForks(options, settings, inQuestion.has(index)),
      outcomes: [],
      rounds: [],
      clock: new PhaseClock(),
      elapsedMs: 0,
      skipped: false,
    };
  });
  const random = options.random ?? Math.random;
  const schedule = initialSchedule(groups, (index) => states[index]?.plannedForks ?? 0, random, lines);
  const progress = new RunProgress(
    schedule.map(({ combination }) => {
      const state = states[combination] as CombinationState;
      return estimateCombinationMs(state.combination.mode, { ...state.settings, forks: 1 });
    }),
  );
  // Round names unique to this run, so forks of two runs (a resumed or merged report) never pair.
  const runId = randomBytes(4).toString('hex');
  let skipped = 0;
  let interrupted = false;
  let addedPairs = 0;
  // Taken before the server is obtained, so a waiting run does not even start one.
  options.onStage?.('waiting-for-lock');
  let releaseLock: ReleaseLock;
  try {
    releaseLock = await acquireMeasurementLock((message) => reporter.log(message), options.signal);
  } catch (error) {
    if (error instanceof InterruptedError) {
      return { results: [], failed: 0, skipped, interrupted: true, outPath: options.outPath, addedPairs };
    }
    throw error;
  }
  const deadline = performance.now() + (options.budgetMs ?? 0);
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
    const recorded = new Map(report.map((result) => [resultKey(result), result]));
    if (options.resume) {
      for (const state of states) {
        const previous = recorded.get(state.key);
        if (
          previous?.dbbench.status === 'ok' &&
          previous.primaryMetric.rawData.length >= state.plannedForks
        ) {
          state.skipped = true;
          state.result = previous;
          reporter.skipped(state.qualifiedName, state.combination.params);
          skipped++;
        }
      }
    }
    const measureFork = async (state: CombinationState, round: string): Promise<boolean> => {
      reporter.combinationStarted(
        state.combination,
        state.qualifiedName,
        state.settings,
        progress.snapshot(),
      );
      const startedAt = performance.now();
      const outcome = await runOneFork(options, state, setup?.context ?? null);
      state.elapsedMs += performance.now() - startedAt;
      // Ctrl-C reaches the fork too (same process group); its death then is the interrupt, not a crash.
      if (options.signal?.aborted || outcome.failure?.phase === 'interrupted') return false;
      state.outcomes.push(outcome);
      state.rounds.push(`${runId}-${round}`);
      state.result = withRunRecords(
        buildResult(
          {
            combination: state.combination,
            settings: state.settings,
            unit: state.unit,
            forks: state.settings.forks === 0 ? 0 : state.outcomes.length,
            forkOutcomes: state.outcomes,
          },
          metadata,
        ),
        state,
        options.shard,
      );
      report = mergeResults(report, [state.result]);
      await writeReport(options.outPath, report);
      return true;
    };
    for (const [slot, { combination, round }] of schedule.entries()) {
      const state = states[combination] as CombinationState;
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      const startedAt = performance.now();
      if (!state.skipped && !hasFailed(state)) {
        if (!(await measureFork(state, String(round)))) {
          interrupted = true;
          break;
        }
        if (hasFailed(state) || state.outcomes.length === state.plannedForks) {
          reporter.combinationFinished(state.result as DbbenchResult);
        }
      }
      progress.complete(slot, performance.now() - startedAt);
    }
    let round = Math.max(0, ...schedule.map((fork) => fork.round)) + 1;
    while (!interrupted && options.budgetMs !== undefined && options.budgetMs > 0) {
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      const remainingMs = deadline - performance.now();
      const progressOfLines = lines.map((line) => lineProgress(line, states));
      const affordable = progressOfLines.map((line) =>
        line.pairCostMs <= remainingMs ? line : { ...line, next: undefined },
      );
      const chosen = nextLinePair(affordable, MAX_PAIRS_PER_LINE);
      if (chosen === undefined) {
        const count = (outcome: string): number =>
          progressOfLines.filter((line) => line.outcome === outcome).length;
        const open = count('undetermined');
        reporter.log(
          `# Answers: ${count('decided')} decided, ${count('equivalent')} equivalent, ${open} undetermined of ${lines.length} lines; ` +
            (open === 0
              ? 'every line this run can answer is settled'
              : `${remainingMs > 0 ? 'none of the rest can be settled within the budget left' : 'the time budget is spent'} (--budget)`),
        );
        break;
      }
      const line = lines[chosen] as PlannedLine;
      const next = progressOfLines[chosen]?.next as readonly [number, number];
      reporter.log(
        `# Answers: one more fork pair for "${line.declaration.question}"${describeAt(line.at)} (${progressOfLines[chosen]?.pairs ?? 0} pairs so far, budget left ${formatClock(remainingMs)})`,
      );
      for (const combination of shuffled(next, random)) {
        const state = states[combination] as CombinationState;
        if (!(await measureFork(state, String(round)))) {
          interrupted = true;
          break;
        }
      }
      round += 1;
      addedPairs += 1;
    }
  } finally {
    try {
      await setup?.dispose();
    } finally {
      await releaseLock();
    }
  }
  const results = states.flatMap((state) =>
    state.skipped || state.result === undefined ? [] : [state.result],
  );
  reporter.finished(results, options.outPath);
  return {
    results,
    failed: results.filter((result) => result.dbbench.status === 'failed').length,
    skipped,
    interrupted,
    outPath: options.outPath,
    addedPairs,
  };
}

/**
 * Forks of a combination's first pass: the settings' forks, raised to {@link QUESTION_FORKS} when a
 * question compares it — unless the user chose the forks (`--forks`), or it is a quick or in-process run.
 */
function plannedForks(options: RunOptions, settings: ResolvedSettings, inQuestion: boolean): number {
  if (settings.forks === 0) return 1;
  if (!inQuestion || options.quick || options.cliSettings?.forks !== undefined) return settings.forks;
  return Math.max(settings.forks, QUESTION_FORKS);
}

function hasFailed(state: CombinationState): boolean {
  return state.outcomes.some((outcome) => outcome.failure !== undefined);
}

function describeAt(at: Readonly<Record<string, string>>): string {
  const entries = Object.entries(at);
  return entries.length === 0 ? '' : ` at ${entries.map(([axis, value]) => `${axis}=${value}`).join(' ')}`;
}

/** A result's values for a line's metric, as a side of the answer sees them. */
function sideResult(state: CombinationState, metric: string | undefined): SideResult<number> | undefined {
  const result = state.result;
  if (result === undefined || result.dbbench.status !== 'ok') return undefined;
  const values = metric === undefined ? result.primaryMetric : result.secondaryMetrics[metric];
  const higherIsBetter =
    metric === undefined ? result.dbbench.higherIsBetter : result.dbbench.secondaryHigherIsBetter[metric];
  if (values === undefined || higherIsBetter === undefined) return undefined;
  return {
    item: state.index,
    series: {
      rawData: values.rawData,
      ...(result.dbbench.forkRounds === undefined ? {} : { rounds: result.dbbench.forkRounds }),
    },
    higherIsBetter,
  };
}

/** Where a planned line stands, and the two combinations its next pair would run. */
function lineProgress(line: PlannedLine, states: readonly CombinationState[]): LineProgress {
  const side = (indexes: readonly number[]): SideResult<number>[] | undefined => {
    const results = indexes.map((index) =>
      sideResult(states[index] as CombinationState, line.declaration.metric),
    );
    return results.every((result) => result !== undefined) ? results : undefined;
  };
  const baseline = side(line.baseline);
  const candidate = side(line.candidate);
  const answer =
    baseline === undefined || candidate === undefined ? undefined : answerLine(baseline, candidate);
  if (answer === undefined)
    return { outcome: undefined, morePairs: undefined, pairs: 0, pairCostMs: 0, next: undefined };
  const pair = [answer.baseline.item, answer.candidate.item] as const;
  const forkMs = (index: number): number => {
    const state = states[index] as CombinationState;
    return state.outcomes.length === 0 ? 0 : state.elapsedMs / state.outcomes.length;
  };
  return {
    outcome: answer.outcome,
    morePairs: answer.morePairs,
    pairs: pairedForkMeans(answer.baseline.series, answer.candidate.series).baseline.length,
    pairCostMs: forkMs(pair[0]) + forkMs(pair[1]),
    next: pair[0] === pair[1] || states[pair[0]]?.skipped || states[pair[1]]?.skipped ? undefined : pair,
  };
}

/**
 * Adds what only the run knows: the combination's wall time (what `--shard` balances by), where it
 * went (setup, warmup, measurement, teardown), the round of every fork, and its shard.
 */
function withRunRecords(
  result: DbbenchResult,
  state: CombinationState,
  shard: ShardRecord | undefined,
): DbbenchResult {
  const durationsMs: PhaseDurationsMs = state.clock.totals();
  return {
    ...result,
    dbbench: {
      ...result.dbbench,
      elapsedMs: Math.round(state.elapsedMs),
      durationsMs,
      forkRounds: [...state.rounds],
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

/** Runs the combination's next fork (or its one in-process trial for `--forks 0`). */
async function runOneFork(
  options: RunOptions,
  state: CombinationState,
  runContext: Json,
): Promise<ForkOutcome> {
  const { combination, settings, unit } = state;
  const fork = state.outcomes.length;
  options.reporter.forkStarted(fork, settings.forks === 0 ? 0 : state.plannedForks);
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
  const unitLabel = scoreUnit(combination.mode, unit);
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
          clock: state.clock,
          onIteration,
          onLog,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        });
  return failure === undefined ? { iterations } : { iterations, failure };
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
