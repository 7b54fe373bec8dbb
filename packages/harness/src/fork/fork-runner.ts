/**
 * The parent side of a fork: start `node --expose-gc dist/fork/fork-child.js` (or take the session's
 * spare), send it one task, relay its iterations, watch its progress, and kill it when it is stuck,
 * exceeds the timeout, or the run is interrupted.
 */
import type { Json } from '../define/definition.js';
import { errorMessage } from '../define/errors.js';
import type { TurnGate } from '../session/turn-scheduler.js';
import type { ForkFailure, ForkMessage, ForkRequest, ForkTask, IterationResult } from './fork-protocol.js';
import type { PhaseClock } from './phase-clock.js';
import { ProgressWatchdog } from './progress-watchdog.js';
import type { ResolvedSettings } from '../plan/settings.js';
import { timerDelayMs } from '../define/units.js';
import { spawnFork, type SpareForks } from './spare-forks.js';

export { FORK_CHILD_PATH } from './spare-forks.js';

/** How long a fork may linger after reporting `done` before it is killed. */
const EXIT_GRACE_MS = 5000;

/** Callbacks and limits for one fork. */
export interface ForkOptions {
  /** The combination's settings: `timeoutMs` bounds the fork, the iteration times its phases. */
  readonly settings: ResolvedSettings;
  readonly signal?: AbortSignal;
  /** Told the fork's phase changes, to account where its wall time went. */
  readonly clock?: PhaseClock;
  /**
   * The session's spare processes: the fork runs in the spare for its suite module when there is
   * one (unless `fresh`), and spares for `prepareNext` start beside it.
   */
  readonly spares?: SpareForks;
  /** Suite modules to prepare spares for while this fork starts (the session's modules). */
  readonly prepareNext?: readonly string[];
  /** Start a new process even when a spare waits (the other forks of its round take the spare). */
  readonly fresh?: boolean;
  /**
   * Grants the fork's turns (see `session/turn-scheduler.ts`); absent: each turn at once, and a
   * measurement iteration once every spare sits idle.
   */
  readonly gate?: TurnGate;
  onIteration(iteration: IterationResult): void;
  onLog(message: string): void;
  /** What the benchmark's `facts` read in the fork after setupTrial. */
  onFacts?(facts: { readonly [key: string]: Json }): void;
}

/**
 * Runs one task in a fresh process; resolves to its failure, or undefined when it completed. The
 * fork is killed when it exceeds `--timeout`, when it stays in one phase far longer than that phase
 * can take (see {@link ProgressWatchdog}), or when the run is interrupted.
 */
export function runInFork(task: ForkTask, options: ForkOptions): Promise<ForkFailure | undefined> {
  return new Promise((resolve) => {
    options.clock?.forkStarted();
    const { spares } = options;
    const child = (options.fresh === true ? undefined : spares?.take(task.suiteModule)) ?? spawnFork();
    const gate: TurnGate = options.gate ?? {
      request: (kind) =>
        kind === 'measurement' ? (spares?.whenIdle() ?? Promise.resolve()) : Promise.resolve(),
      ended: () => undefined,
    };
    let failure: ForkFailure | undefined;
    // What failed first, when the fork then hangs tearing down (a leaked connection, say).
    let failing: ForkFailure | undefined;
    let done = false;
    const kill = (reason: ForkFailure): void => {
      failure ??=
        failing === undefined || reason.phase === 'interrupted'
          ? reason
          : { phase: failing.phase, message: `${failing.message}; then ${reason.message}` };
      watchdog.stop();
      child.kill('SIGKILL');
    };
    const watchdog = new ProgressWatchdog(child.pid, task.mode, options.settings, kill);
    const timeoutMs = options.settings.timeoutMs;
    // The fork's own time: waiting for its turn does not count against --timeout.
    const timeout = new PausableTimer(timeoutMs, () =>
      kill({ phase: 'timeout', message: watchdog.timeoutMessage(timeoutMs) }),
    );
    const onAbort = (): void => kill({ phase: 'interrupted', message: 'the run was interrupted' });
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (message: ForkMessage) => {
      if (message.type === 'iteration') {
        watchdog.iterationFinished();
        options.onIteration(message.iteration);
      } else if (message.type === 'turn') {
        timeout.pause();
        watchdog.pause();
        options.clock?.waiting();
        gate.request(message.kind).then(
          () => {
            if (done || failure !== undefined || !child.connected) return;
            timeout.resume();
            child.send({ type: 'go' } satisfies ForkRequest);
          },
          (error: unknown) => kill({ phase: 'server', message: errorMessage(error) }),
        );
      } else if (message.type === 'phase') {
        options.clock?.phase(message.change);
        if (!done && failure === undefined) watchdog.phase(message.change);
      } else if (message.type === 'facts') {
        options.onFacts?.(message.facts);
      } else if (message.type === 'failing') {
        failing = message.failure;
      } else if (message.type === 'log') {
        options.onLog(message.message);
      } else if (message.type === 'ready') {
        // A spare's leftover: it had imported its module before it was taken.
      } else {
        done = true;
        failure ??= message.failure;
        timeout.stop();
        watchdog.stop();
        setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS).unref();
      }
    });
    child.on('error', (error) => {
      failure ??= { phase: 'crash', message: `fork process error: ${error.message}` };
    });
    // 'close', not 'exit': it fires after the IPC channel has delivered every message.
    child.on('close', (code, signal) => {
      options.clock?.forkEnded();
      gate.ended();
      timeout.stop();
      watchdog.stop();
      options.signal?.removeEventListener('abort', onAbort);
      if (!done) {
        failure ??= {
          phase: 'crash',
          message: `the fork exited (${signal ?? `code ${code}`}) before finishing`,
        };
      }
      resolve(failure);
    });
    if (options.signal?.aborted) onAbort();
    else {
      child.send({ type: 'run', task } satisfies ForkRequest);
      // Spares start beside this fork's start, setup and warmup; it measures once they are idle.
      for (const suiteModule of options.prepareNext ?? []) spares?.prepare(suiteModule);
    }
  });
}

/** A timer that counts only while it runs: paused while a fork waits for its turn. */
class PausableTimer {
  #remainingMs: number;
  #startedAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #fire: () => void;

  constructor(delayMs: number, fire: () => void) {
    this.#remainingMs = delayMs;
    this.#fire = fire;
    this.resume();
  }

  pause(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#remainingMs -= performance.now() - this.#startedAt;
  }

  resume(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    this.#startedAt = performance.now();
    // Clamped: Node fires a timer longer than 2^31 - 1 ms after 1 ms.
    this.#timer = setTimeout(this.#fire, timerDelayMs(Math.max(0, this.#remainingMs)));
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
