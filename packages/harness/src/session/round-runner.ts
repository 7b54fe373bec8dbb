/**
 * One interleaved round of a session: its forks started together, each in its own process and its
 * own slot of the server, their turns granted by a {@link TurnScheduler}, the server set for each
 * member's iterations (e.g. its CPU quota), and the wall time of the setups they share split among
 * them. A round of one fork is a fork run alone.
 */
import type { Json, RunSetup, TimeUnit } from '../define/definition.js';
import { errorMessage } from '../define/errors.js';
import { scoreUnit } from '../define/units.js';
import type { ForkFailure, ForkTask, IterationResult } from '../fork/fork-protocol.js';
import type { PhaseClock } from '../fork/phase-clock.js';
import { runInFork } from '../fork/fork-runner.js';
import type { SpareForks } from '../fork/spare-forks.js';
import { runTrial } from '../fork/trial-runner.js';
import type { Combination } from '../plan/run-plan.js';
import type { ResolvedSettings } from '../plan/settings.js';
import type { ForkOutcome } from '../report/result-builder.js';
import { TurnScheduler, type TurnGate } from './turn-scheduler.js';

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

/**
 * The run context of each slot of the server: slot 0 is the setup's own context; forks alive
 * together each work in a slot of their own (a database of their own), created on first use.
 */
export class SlotContexts {
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

/**
 * The server as each member's parameters need it (e.g. its CPU quota), applied before each of its
 * iterations — the members of a round may ask for different ones — and read back for the report.
 * One at a time: a quota set for one member must never be read back as another's.
 */
class ServerForMembers {
  readonly #setup: RunSetup | undefined;
  readonly #forks: readonly SessionFork[];
  readonly #records: MemberRecord[];
  #queue: Promise<unknown> = Promise.resolve();

  constructor(setup: RunSetup | undefined, forks: readonly SessionFork[], records: MemberRecord[]) {
    this.#setup = setup;
    this.#forks = forks;
    this.#records = records;
  }

  apply(member: number): Promise<void> {
    const apply = async (): Promise<void> => {
      const fork = this.#forks[member] as SessionFork;
      const applied = await this.#setup?.beforeFork?.(fork.combination.params);
      const record = this.#records[member] as MemberRecord;
      if (applied !== undefined && Object.keys(applied).length > 0) record.applied = applied;
    };
    const next = this.#queue.then(apply, apply);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Applies each member's server once before the round: a member the server cannot serve fails. */
  async check(): Promise<(ForkFailure | undefined)[]> {
    const failures: (ForkFailure | undefined)[] = [];
    for (const member of this.#forks.keys()) {
      try {
        await this.apply(member);
        failures.push(undefined);
      } catch (error) {
        failures.push({ phase: 'server', message: errorMessage(error) });
      }
    }
    return failures;
  }
}

/**
 * The members of a round start, import and set up together: each of the k doing that at once
 * counts a k-th of that wall time as its own (see `PhaseClock.share`), so a combination's time and
 * a pair's cost stay what the round took.
 */
class SetupShares {
  readonly #forks: readonly SessionFork[];
  readonly #settingUp: Set<number>;
  // Until every member's fork has started, a clock may still hold its previous fork's last part.
  #started = false;

  constructor(forks: readonly SessionFork[]) {
    this.#forks = forks;
    this.#settingUp = new Set(forks.keys());
  }

  /** Every member's fork (and clock) has started. */
  started(): void {
    this.#started = true;
    this.#share();
  }

  /** `member` is past its setup (or ended). */
  done(member: number): void {
    if (!this.#settingUp.delete(member)) return;
    if (this.#started) this.#forks[member]?.clock?.share(1);
    this.#share();
  }

  #share(): void {
    if (!this.#started) return;
    for (const member of this.#settingUp) this.#forks[member]?.clock?.share(1 / this.#settingUp.size);
  }
}

/** The turns of one member, telling `shares` when its setup is behind it. */
function memberGate(turns: TurnScheduler, shares: SetupShares, member: number): TurnGate {
  const gate = turns.gate(member);
  return {
    request: (kind) => {
      if (kind !== 'setup') shares.done(member);
      return gate.request(kind);
    },
    ended: () => {
      shares.done(member);
      gate.ended();
    },
  };
}

/** What a round's member needs besides its fork. */
interface MemberRun {
  readonly member: number;
  readonly round: number;
  readonly runContext: Json;
  readonly gate: TurnGate;
  readonly record: MemberRecord;
  readonly signal: AbortSignal | undefined;
  readonly processes: { readonly spares: SpareForks; readonly prepareNext: readonly string[] };
}

/** Runs one member's fork (or its trial in this process); resolves to its failure, if any. */
async function runMember(fork: SessionFork, run: MemberRun): Promise<ForkFailure | undefined> {
  const { member, round, gate, record, signal, processes } = run;
  fork.onStart?.(round === 1 ? undefined : member);
  const { combination, settings, unit } = fork;
  const task: ForkTask = {
    suiteModule: fork.suiteModule,
    benchmarkName: combination.benchmarkName,
    mode: combination.mode,
    params: combination.params,
    settings,
    unit,
    runContext: run.runContext,
    fork: fork.fork,
    profilers: fork.profilers,
  };
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
    ...(member === round - 1 ? {} : { prepareNext: [] }),
    ...(fork.clock === undefined ? {} : { clock: fork.clock }),
    ...(signal === undefined ? {} : { signal }),
  });
}

/**
 * Runs `forks` as one round (see the module comment); resolves to each member's outcome, in order,
 * or to undefined for every member when the session was interrupted.
 */
export async function runSessionRound(
  forks: readonly SessionFork[],
  slots: SlotContexts,
  setup: RunSetup | undefined,
  signal: AbortSignal | undefined,
  random: () => number,
  processes: { readonly spares: SpareForks; readonly prepareNext: readonly string[] },
): Promise<(ForkOutcome | undefined)[]> {
  if (signal?.aborted) return forks.map(() => undefined);
  const records: MemberRecord[] = forks.map(() => ({ iterations: [] }));
  const server = new ServerForMembers(setup, forks, records);
  const failures = await server.check();
  const contexts = await Promise.all(
    forks.map((_, member) => slots.contextOf(forks.length === 1 ? 0 : member)),
  );
  const shares = new SetupShares(forks);
  const turns = new TurnScheduler(forks.length, random, async (member, kind) => {
    if (kind === 'measurement') await processes.spares.whenIdle();
    // Setups and teardowns measure nothing: the server is set for each member's iterations.
    if (kind === 'warmup' || kind === 'measurement') await server.apply(member);
  });
  const running = forks.map((fork, member): Promise<ForkFailure | undefined> => {
    const gate = memberGate(turns, shares, member);
    const earlier = failures[member];
    if (earlier !== undefined) {
      gate.ended();
      return Promise.resolve(earlier);
    }
    const runContext = contexts[member] as Json;
    const record = records[member] as MemberRecord;
    return runMember(fork, { member, round: forks.length, runContext, gate, record, signal, processes });
  });
  shares.started();
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
