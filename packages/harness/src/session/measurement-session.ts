/**
 * One measurement session: what `dbbench run` and `dbbench compare` share. It takes the machine's
 * measurement lock (one measuring run at a time, so two runs never share the cores while timing),
 * obtains the suite's run setup once (its server), runs forks against it one at a time, and always
 * disposes the setup and releases the lock. Which forks run, and in what order, is the planner's
 * business (see `sampling-loop.ts`): the question schedule of `run`, the interleaved pairs of
 * `compare`.
 */
import type { Json, RunPlan, RunSetup, SuiteDefinition, TimeUnit } from '../define/definition.js';
import { errorMessage, InterruptedError } from '../define/errors.js';
import { scoreUnit } from '../define/units.js';
import type { ForkFailure, ForkTask, IterationResult } from '../fork/fork-protocol.js';
import { runInFork } from '../fork/fork-runner.js';
import { SpareForks } from '../fork/spare-forks.js';
import type { PhaseClock } from '../fork/phase-clock.js';
import { runTrial } from '../fork/trial-runner.js';
import type { Combination } from '../plan/run-plan.js';
import type { ResolvedSettings } from '../plan/settings.js';
import type { ForkOutcome } from '../report/result-builder.js';
import { acquireMeasurementLock } from './measurement-lock.js';

/** Where a session is: waiting for another run to finish, or running (its setup, then the forks). */
export type SessionStage = 'waiting-for-lock' | 'running';

/** What a session needs to start. */
export interface SessionOptions {
  /** The suite whose `setupRun` obtains the server every fork of the session measures against. */
  readonly suite: SuiteDefinition;
  /** The combinations the session will measure (the setup sizes its server for them). */
  readonly combinations: readonly Combination[];
  /** Values of the suite's own options (e.g. `provider`), passed to `setupRun`. */
  readonly suiteOptions: Readonly<Record<string, string | undefined>>;
  /** Axes the user chose with `-p` (the setup refuses what it cannot honour among them). */
  readonly chosenAxes?: readonly string[];
  /** Progress lines (never secrets). */
  log(message: string): void;
  /** Aborting stops waiting for the lock, kills the running fork, and ends the session. */
  readonly signal?: AbortSignal;
  /** Told when the session starts waiting for the lock and when it has it (e.g. to word Ctrl-C). */
  readonly onStage?: (stage: SessionStage) => void;
}

/** One fork to run in a session. */
export interface SessionFork {
  /** Absolute path of the compiled suite module the fork imports (a compared side's own build). */
  readonly suiteModule: string;
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  /** The fork's number within its combination (and side), from 0. */
  readonly fork: number;
  /** Built-in profilers to add (`--prof gc`). */
  readonly profilers: readonly string[];
  /** Accounts where the fork's wall time went. */
  readonly clock?: PhaseClock;
  /** Right before the fork starts (e.g. to print its header). */
  onStart?(): void;
  /** Each warmup and measurement iteration as it finishes. */
  onIteration?(iteration: IterationResult, unitLabel: string): void;
  /** The fork's log lines. */
  onLog(message: string): void;
}

/** A session while it holds the lock and the run setup. */
export interface MeasurementSession {
  /** What the suite's `setupRun` handed back (undefined for a suite without one). */
  readonly setup: RunSetup | undefined;
  /** `performance.now()` when the lock was taken: a run's time budget counts from here. */
  readonly startedAt: number;
  /**
   * Runs one fork of a combination — a fresh process, or the trial in this process when the
   * settings ask for 0 forks — and resolves to what it measured. Undefined when the session was
   * interrupted before or during the fork: an interrupted fork measured nothing worth keeping.
   */
  runFork(fork: SessionFork): Promise<ForkOutcome | undefined>;
}

/**
 * Runs `body` inside a session: waits for the measurement lock, obtains the run setup, and always
 * disposes the setup and releases the lock afterwards. Resolves to `{ interrupted: true }` without
 * calling `body` when the wait for the lock was interrupted.
 */
export async function withMeasurementSession<T>(
  options: SessionOptions,
  body: (session: MeasurementSession) => Promise<T>,
): Promise<{ readonly interrupted: true } | { readonly interrupted: false; readonly value: T }> {
  const plan: RunPlan = {
    combinations: options.combinations.map((combination) => ({
      benchmark: combination.benchmarkName,
      params: combination.params,
    })),
    concurrentForks: 1,
    chosenAxes: options.chosenAxes ?? [],
  };
  // What the setup could never serve is refused before the wait for the lock.
  options.suite.checkRun?.(options.suiteOptions, plan);
  // Taken before the server is obtained, so a waiting run does not even start one.
  options.onStage?.('waiting-for-lock');
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await acquireMeasurementLock((message) => options.log(message), options.signal);
  } catch (error) {
    if (error instanceof InterruptedError) return { interrupted: true };
    throw error;
  }
  const startedAt = performance.now();
  options.onStage?.('running');
  const spares = new SpareForks();
  let setup: RunSetup | undefined;
  try {
    setup = await options.suite.setupRun?.(options.suiteOptions, (message) => options.log(message), plan);
    const runContext: Json = setup?.context ?? null;
    // Every suite module the session has run a fork of: the next fork is most likely one of them.
    const modules = new Set<string>();
    const session: MeasurementSession = {
      setup,
      startedAt,
      runFork: (fork) => {
        modules.add(fork.suiteModule);
        return runSessionFork(fork, runContext, setup, options.signal, {
          spares,
          prepareNext: [...modules],
        });
      },
    };
    return { interrupted: false, value: await body(session) };
  } finally {
    spares.dispose();
    try {
      await setup?.dispose();
    } finally {
      await releaseLock();
    }
  }
}

async function runSessionFork(
  fork: SessionFork,
  runContext: Json,
  setup: RunSetup | undefined,
  signal: AbortSignal | undefined,
  processes: { readonly spares: SpareForks; readonly prepareNext: readonly string[] },
): Promise<ForkOutcome | undefined> {
  if (signal?.aborted) return undefined;
  fork.onStart?.();
  const { combination, settings, unit } = fork;
  // The server as this fork's parameters need it (e.g. its CPU quota), applied before the fork starts.
  let applied: { readonly [key: string]: Json } | undefined;
  try {
    applied = await setup?.beforeFork?.(combination.params);
  } catch (error) {
    return { iterations: [], failure: { phase: 'server', message: errorMessage(error) } };
  }
  const task: ForkTask = {
    suiteModule: fork.suiteModule,
    benchmarkName: combination.benchmarkName,
    mode: combination.mode,
    params: combination.params,
    settings,
    unit,
    runContext,
    fork: fork.fork,
    profilers: fork.profilers,
  };
  const iterations: IterationResult[] = [];
  const unitLabel = scoreUnit(combination.mode, unit);
  const onIteration = (iteration: IterationResult): void => {
    iterations.push(iteration);
    fork.onIteration?.(iteration, unitLabel);
  };
  const onLog = (message: string): void => fork.onLog(message);
  let facts: { readonly [key: string]: Json } | undefined;
  const onFacts = (read: { readonly [key: string]: Json }): void => {
    facts = read;
  };
  const failure: ForkFailure | undefined =
    settings.forks === 0
      ? await runTrial(combination.benchmark, task, { iteration: onIteration, log: onLog, facts: onFacts })
      : await runInFork(task, {
          settings,
          onIteration,
          onLog,
          onFacts,
          ...processes,
          ...(fork.clock === undefined ? {} : { clock: fork.clock }),
          ...(signal === undefined ? {} : { signal }),
        });
  // Ctrl-C reaches the fork too (same process group); its death then is the interrupt, not a crash.
  if (signal?.aborted || failure?.phase === 'interrupted') return undefined;
  return {
    iterations,
    ...(failure === undefined ? {} : { failure }),
    ...(applied === undefined || Object.keys(applied).length === 0 ? {} : { applied }),
    ...(facts === undefined ? {} : { facts }),
  };
}
