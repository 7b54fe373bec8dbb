/**
 * The run: measure the plan in the order its questions ask for (see `question-planner.ts`) in one
 * measurement session (the lock, the suite's server, the forks; see `session/`). After every fork the
 * combination's result is rebuilt, merged into the report and the report written atomically, so a
 * crash or Ctrl-C loses nothing already measured.
 */
import { randomBytes } from 'node:crypto';
import type { IterationSettings, RunSetup, SuiteDefinition, TimeUnit } from '../define/definition.js';
import { DbbenchError, errorMessage } from '../define/errors.js';
import { apartCombinations, plannedLines } from '../plan/question-plan.js';
import { expandMatrix, type Combination } from '../plan/run-plan.js';
import { combinationSettings, combinationUnit, type ResolvedSettings } from '../plan/settings.js';
import { collectGitState } from '../report/environment.js';
import { checkReportPath } from '../report/report-path.js';
import { mergeResults, readReportIfExists, resultKey, writeReportAtomic } from '../report/report-io.js';
import type { DbbenchReport, DbbenchResult, ShardRecord } from '../report/report-schema.js';
import { runMetadata } from '../report/run-metadata.js';
import type { ConsoleReporter } from '../session/console-reporter.js';
import {
  MAX_ROUND_FORKS,
  withMeasurementSession,
  type SessionStage,
} from '../session/measurement-session.js';
import { runPlannedForks } from '../session/sampling-loop.js';
import { PhaseClock } from '../fork/phase-clock.js';
import { QuestionPlanner, type CombinationState } from './question-planner.js';
import { initialSchedule, QUESTION_FORKS, questionGroups, REQUIRED_ROUNDS } from './question-schedule.js';
import { MIN_FORKS_FOR_INTERVAL } from '../compare/fork-statistics.js';

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
  /** Axes the user chose with `-p`, passed to `setupRun` (it refuses what it cannot honour among them). */
  readonly chosenAxes?: readonly string[];
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
  /**
   * `--interleave`: most forks alive together, taking turns (default {@link MAX_ROUND_FORKS}; 1: one
   * fork at a time). The server may allow fewer (its `roundForks`).
   */
  readonly interleave?: number;
  /** Told when the run starts waiting for the measurement lock and when it has it (e.g. to word Ctrl-C). */
  readonly onStage?: (stage: RunStage) => void;
}

/** Where a run is: waiting for another run to finish, or running (its setup, then the forks). */
export type RunStage = SessionStage;

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
  const apart = apartCombinations(suite, options.combinations);
  const states = options.combinations.map((combination, index): CombinationState => {
    const settings = combinationSettings(suite, combination, options);
    const forks = plannedForks(options, settings, inQuestion.has(index), apart.has(index));
    return {
      index,
      combination,
      settings,
      unit: combinationUnit(combination, options.unit),
      qualifiedName: `${suite.name}.${combination.benchmarkName}`,
      key: resultKey({
        benchmark: `${suite.name}.${combination.benchmarkName}`,
        mode: combination.mode,
        params: combination.params,
      }),
      plannedForks: forks,
      requiredForks: apart.has(index) ? Math.min(forks, MIN_FORKS_FOR_INTERVAL) : REQUIRED_ROUNDS,
      outcomes: [],
      rounds: [],
      clock: new PhaseClock(),
      elapsedMs: 0,
      skipped: false,
    };
  });
  const random = options.random ?? Math.random;
  let skipped = 0;
  let planner: QuestionPlanner | undefined;
  const session = await withMeasurementSession(
    {
      suite,
      combinations: options.combinations,
      suiteOptions: options.suiteOptions ?? {},
      chosenAxes: options.chosenAxes ?? [],
      log: (message) => reporter.log(message),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onStage === undefined ? {} : { onStage: options.onStage }),
      random,
      concurrentForks: options.interleave ?? MAX_ROUND_FORKS,
    },
    async (measurement) => {
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
      skipped += skipUnmeasurable(states, measurement.setup, (message) => reporter.log(message));
      const budgetMs = options.budgetMs ?? 0;
      // As many forks take turns together as the server holds pools for.
      const roundForks = Math.min(
        options.interleave ?? MAX_ROUND_FORKS,
        measurement.setup?.roundForks ?? MAX_ROUND_FORKS,
      );
      const schedule = initialSchedule(
        groups,
        (index) => states[index]?.plannedForks ?? 0,
        random,
        lines,
        roundForks,
      );
      planner = new QuestionPlanner({
        suite,
        suiteModule: options.suiteModule,
        states,
        lines,
        schedule,
        roundForks,
        metadata: runMetadata(suite, {
          quick: options.quick === true,
          git: collectGitState(),
          setup: measurement.setup,
        }),
        profilers: options.profilers ?? [],
        reporter,
        ...(options.shard === undefined ? {} : { shard: options.shard }),
        // Unique to this run, so forks of two runs (a resumed or merged report) never pair.
        runId: randomBytes(4).toString('hex'),
        deadline: budgetMs > 0 ? measurement.startedAt + budgetMs : undefined,
        random,
        onResult: async (result) => {
          report = mergeResults(report, [result]);
          await writeReport(options.outPath, report);
        },
      });
      return runPlannedForks(measurement, planner, options.signal);
    },
  );
  const interrupted = session.interrupted || session.value;
  const results = states.flatMap((state) =>
    state.skipped || state.result === undefined ? [] : [state.result],
  );
  if (session.interrupted) {
    return { results: [], failed: 0, skipped, interrupted: true, outPath: options.outPath, addedPairs: 0 };
  }
  reporter.finished(results, options.outPath);
  return {
    results,
    failed: results.filter((result) => result.dbbench.status === 'failed').length,
    skipped,
    interrupted,
    outPath: options.outPath,
    addedPairs: planner?.addedPairs ?? 0,
  };
}

/**
 * Marks skipped the combinations the run's server cannot measure (e.g. a CPU quota on a server
 * dbbench did not start), one line per reason; resolves to how many.
 */
function skipUnmeasurable(
  states: readonly CombinationState[],
  setup: RunSetup | undefined,
  log: (message: string) => void,
): number {
  const reasons = new Map<string, number>();
  for (const state of states) {
    const reason = state.skipped ? undefined : setup?.cannotMeasure?.(state.combination.params);
    if (reason === undefined) continue;
    state.skipped = true;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  for (const [reason, count] of reasons) log(`# Skipping ${count} combination(s): ${reason}`);
  return [...reasons.values()].reduce((sum, count) => sum + count, 0);
}

/**
 * Forks of a combination's first pass: the settings' forks, raised to {@link QUESTION_FORKS} when a
 * question compares it in shared rounds and to {@link MIN_FORKS_FOR_INTERVAL} when one compares it
 * with another suite's results (measured apart: only forks a side give that line an interval) —
 * unless the user chose the forks (`--forks`), or it is a quick or in-process run.
 */
function plannedForks(
  options: RunOptions,
  settings: ResolvedSettings,
  inQuestion: boolean,
  apart: boolean,
): number {
  if (settings.forks === 0) return 1;
  if (options.quick || options.cliSettings?.forks !== undefined) return settings.forks;
  return Math.max(settings.forks, inQuestion ? QUESTION_FORKS : 0, apart ? MIN_FORKS_FOR_INTERVAL : 0);
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
