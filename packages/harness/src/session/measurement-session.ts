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
import { TurnScheduler, type TurnGate } from './turn-scheduler.js';

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
  /**
   * Right before the fork starts (e.g. to print its header); `member` is its place in an
   * interleaved round (undefined when it runs alone), which its iteration lines are tagged with.
   */
  onStart?(member: number | undefined): void;
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

/**
 * The run context of each slot of the server: slot 0 is the setup's own context; forks alive
 * together each work in a slot of their own (a database of their own), created on first use.
 */
class SlotContexts {
  readonly #setup: RunSetup | undefined;
  readonly #contexts = new Map<number, Promise<Json>>();

  constructor(setup: RunSetup | undefined) {
    this.#setup = setup;
  }

  contextOf(slot: number): Promise<Json> {
    const setup = this.#setup;
    if (slot === 0 || setup?.slotContext === undefined) return Promise.resolve(setup?.context ?? null);
    let context = this.#contexts.get(slot);
    if (context === undefined) {
      context = setup.slotContext(slot);
      this.#contexts.set(slot, context);
    }
    return context;
  }
}

/** What one member of a round collects as it runs. */
interface MemberRecord {
  readonly iterations: IterationResult[];
  facts?: { readonly [key: string]: Json };
  applied?: { readonly [key: string]: Json };
}

async function runSessionRound(
  forks: readonly SessionFork[],
  slots: SlotContexts,
  setup: RunSetup | undefined,
  signal: AbortSignal | undefined,
  random: () => number,
  processes: { readonly spares: SpareForks; readonly prepareNext: readonly string[] },
): Promise<(ForkOutcome | undefined)[]> {
  if (signal?.aborted) return forks.map(() => undefined);
  const records: MemberRecord[] = forks.map(() => ({ iterations: [] }));
  // The server as a member's parameters need it (e.g. its CPU quota), applied before each of its
  // iterations and its teardown — the members of a round may ask for different ones — and read back
  // for the report. One at a time: a quota set for one member must not be read back as another's.
  let serverQueue: Promise<unknown> = Promise.resolve();
  const applyServer = (member: number): Promise<void> => {
    const apply = async (): Promise<void> => {
      const fork = forks[member] as SessionFork;
      const applied = await setup?.beforeFork?.(fork.combination.params);
      const record = records[member] as MemberRecord;
      if (applied !== undefined && Object.keys(applied).length > 0) record.applied = applied;
    };
    const next = serverQueue.then(apply, apply);
    serverQueue = next.catch(() => undefined);
    return next;
  };
  const failures: (ForkFailure | undefined)[] = [];
  for (const member of forks.keys()) {
    try {
      await applyServer(member);
      failures.push(undefined);
    } catch (error) {
      failures.push({ phase: 'server', message: errorMessage(error) });
    }
  }
  const contexts = await Promise.all(
    forks.map((_, member) => (forks.length === 1 ? slots.contextOf(0) : slots.contextOf(member))),
  );
  // Members still starting or setting up: they share the wall time of that part of the round.
  const settingUp = new Set(forks.keys());
  // Until every member's fork has started, a clock may still hold its previous fork's last part.
  let allStarted = false;
  const shareSetup = (): void => {
    if (!allStarted) return;
    for (const member of settingUp) forks[member]?.clock?.share(1 / settingUp.size);
  };
  const setupDone = (member: number): void => {
    if (!settingUp.delete(member)) return;
    if (allStarted) forks[member]?.clock?.share(1);
    shareSetup();
  };
  const turns = new TurnScheduler(forks.length, random, async (member, kind) => {
    if (kind === 'measurement') await processes.spares.whenIdle();
    // Setups and teardowns measure nothing: the server is set for each member's iterations.
    if (kind === 'warmup' || kind === 'measurement') await applyServer(member);
  });
  const running = forks.map(async (fork, member): Promise<ForkFailure | undefined> => {
    const earlier = failures[member];
    const turnGate = turns.gate(member);
    const gate: TurnGate = {
      request: (kind) => {
        if (kind !== 'setup') setupDone(member);
        return turnGate.request(kind);
      },
      ended: () => {
        setupDone(member);
        turnGate.ended();
      },
    };
    if (earlier !== undefined) {
      gate.ended();
      return earlier;
    }
    fork.onStart?.(forks.length === 1 ? undefined : member);
    const { combination, settings, unit } = fork;
    const task: ForkTask = {
      suiteModule: fork.suiteModule,
      benchmarkName: combination.benchmarkName,
      mode: combination.mode,
      params: combination.params,
      settings,
      unit,
      runContext: contexts[member] as Json,
      fork: fork.fork,
      profilers: fork.profilers,
    };
    const record = records[member] as MemberRecord;
    const unitLabel = scoreUnit(combination.mode, unit);
    const onIteration = (iteration: IterationResult): void => {
      record.iterations.push(iteration);
      fork.onIteration?.(iteration, unitLabel);
    };
    const onLog = (message: string): void => fork.onLog(message);
    const onFacts = (read: { readonly [key: string]: Json }): void => {
      record.facts = read;
    };
    if (settings.forks === 0) {
      const failure = await runTrial(combination.benchmark, task, {
        iteration: onIteration,
        log: onLog,
        facts: onFacts,
        turn: (kind) => gate.request(kind),
      });
      gate.ended();
      return failure;
    }
    return runInFork(task, {
      settings,
      onIteration,
      onLog,
      onFacts,
      gate,
      ...processes,
      // The spare goes to the round's first member; the others start beside it.
      fresh: member > 0,
      ...(member === forks.length - 1 ? {} : { prepareNext: [] }),
      ...(fork.clock === undefined ? {} : { clock: fork.clock }),
      ...(signal === undefined ? {} : { signal }),
    });
  });
  // Every member's fork has started (its clock too): from now on they share the setup's wall time.
  allStarted = true;
  shareSetup();
  const outcomes = await Promise.all(running);
  // Ctrl-C reaches the forks too (same process group); their death then is the interrupt, not a crash.
  if (signal?.aborted || outcomes.some((failure) => failure?.phase === 'interrupted')) {
    return forks.map(() => undefined);
  }
  return outcomes.map((failure, member) => {
    const record = records[member] as MemberRecord;
    return {
      iterations: record.iterations,
      ...(failure === undefined ? {} : { failure }),
      ...(record.applied === undefined ? {} : { applied: record.applied }),
      ...(record.facts === undefined ? {} : { facts: record.facts }),
    };
  });
}
