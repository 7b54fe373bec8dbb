/**
 * One measurement session: what `dbbench run` and `dbbench compare` share. It takes the machine's
 * measurement lock (one measuring run at a time, so two runs never share the cores while timing),
 * obtains the suite's run setup once (its server), runs rounds of forks against it (see
 * `round-runner.ts`), and always disposes the setup and releases the lock. Which forks run, and in what order, is the planner's
 * business (see `sampling-loop.ts`): the question schedule of `run`, the interleaved pairs of
 * `compare`.
 */
import type { RunPlan, RunSetup, SuiteDefinition } from '../define/definition.js';
import { InterruptedError } from '../define/errors.js';
import { SpareForks } from '../fork/spare-forks.js';
import type { Combination } from '../plan/run-plan.js';
import type { ForkOutcome } from '../report/result-builder.js';
import { acquireMeasurementLock } from './measurement-lock.js';
import { runSessionRound, SlotContexts, type SessionFork } from './round-runner.js';

export type { SessionFork } from './round-runner.js';

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
  /** Source of the turn orders of interleaved rounds (tests pass a seeded one). */
  readonly random?: () => number;
  /** Most forks the session will run alive together (sizes the server); default {@link MAX_ROUND_FORKS}. */
  readonly concurrentForks?: number;
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
  /**
   * Runs the forks of an interleaved round: all alive at once, each in its own process and its own
   * slot of the server (see {@link RunSetup.slotContext}), taking turns (see `turn-scheduler.ts`);
   * resolves to what each measured, in order. Undefined when the session was interrupted.
   */
  runRound(forks: readonly SessionFork[]): Promise<ForkOutcome[] | undefined>;
}

/**
 * Most forks of one interleaved round: each holds its pool while the others take their turns, so
 * the server must accept this many pools at once, and each waits for this many turns of the others.
 */
export const MAX_ROUND_FORKS = 4;

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
    concurrentForks: options.concurrentForks ?? MAX_ROUND_FORKS,
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
    // Every suite module the session has run a fork of: the next fork is most likely one of them.
    const modules = new Set<string>();
    const slots = new SlotContexts(setup);
    const random = options.random ?? Math.random;
    const runRound = async (forks: readonly SessionFork[]): Promise<ForkOutcome[] | undefined> => {
      for (const fork of forks) modules.add(fork.suiteModule);
      const outcomes = await runSessionRound(forks, slots, setup, options.signal, random, {
        spares,
        prepareNext: [...modules],
      });
      return outcomes.some((outcome) => outcome === undefined) ? undefined : (outcomes as ForkOutcome[]);
    };
    const session: MeasurementSession = {
      setup,
      startedAt,
      runFork: async (fork) => (await runRound([fork]))?.[0],
      runRound,
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
