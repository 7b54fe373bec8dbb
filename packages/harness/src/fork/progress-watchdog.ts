/**
 * The parent's watch over a fork's progress. A fork reports each lifecycle phase it enters; when it
 * stays in one phase far longer than that phase can take and has sat idle meanwhile — waiting for a
 * connection that never comes, a promise that never settles — it is killed at once with a failure
 * naming the phase, instead of sitting until `--timeout`. A fork that keeps working (CPU time) gets
 * {@link BUSY_FACTOR} times longer: it may just be slow on a loaded machine.
 *
 * How long a phase may take before an idle fork counts as stuck:
 * - inside an iteration: {@link PHASE_FACTOR} × the iteration time (or × the longest iteration seen
 *   so far in this fork, when that is longer), at least {@link MIN_ITERATION_PHASE_LIMIT_MS};
 *   single-shot iterations have no iteration time, so before the first one finishes they get the
 *   trial-hook limit;
 * - import, setupTrial, teardownTrial (seeding, schema, closing pools): the larger of
 *   {@link MIN_TRIAL_HOOK_LIMIT_MS} and a fifth of `--timeout`, so raising `--timeout` also makes
 *   room for a slow setup.
 * Each limit is capped by `--timeout`, which still bounds the whole fork.
 */
import { readFileSync } from 'node:fs';
import type { Mode } from '../define/definition.js';
import type { ForkFailure, PhaseChange } from './fork-protocol.js';
import type { ResolvedSettings } from '../plan/settings.js';
import { timerDelayMs } from '../define/units.js';

/** A phase inside an iteration may take this many times the iteration time. */
export const PHASE_FACTOR = 10;
/** The least time any phase inside an iteration gets (a loaded machine stalls for seconds). */
export const MIN_ITERATION_PHASE_LIMIT_MS = 10_000;
/** The least time import, setupTrial and teardownTrial get. */
export const MIN_TRIAL_HOOK_LIMIT_MS = 120_000;
/** A fork that keeps working may stay in a phase this many times longer than an idle one. */
export const BUSY_FACTOR = 10;
/**
 * A fork that used less CPU than this share of the stalled time sat idle. A stuck fork uses ~0.1%
 * (timers, IPC); a slow one on a 2-core machine at load 30 still gets several percent.
 */
const IDLE_CPU_SHARE = 0.02;
/** Linux reports process CPU times in clock ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS_PER_SECOND = 100;

/** What the limit of a phase depends on. */
export interface PhaseLimitInput extends WatchdogLimits {
  readonly change: PhaseChange;
  readonly mode: Mode;
  readonly settings: Pick<ResolvedSettings, 'warmupTimeMs' | 'measurementTimeMs' | 'timeoutMs'>;
  /** The longest iteration of this fork so far (wall time, ms); 0 before the first. */
  readonly longestIterationMs: number;
}

/** How long an idle fork may stay in a phase before it counts as stuck (ms, at most `timeoutMs`). */
export function phaseLimitMs(input: PhaseLimitInput): number {
  const { change, mode, settings } = input;
  const minIterationPhaseMs = input.minIterationPhaseMs ?? MIN_ITERATION_PHASE_LIMIT_MS;
  const trialHookLimit = Math.max(input.minTrialHookMs ?? MIN_TRIAL_HOOK_LIMIT_MS, settings.timeoutMs / 5);
  let limit: number;
  if (change.iteration === undefined) {
    limit = trialHookLimit;
  } else if (mode === 'ss') {
    limit =
      input.longestIterationMs > 0
        ? Math.max(minIterationPhaseMs, PHASE_FACTOR * input.longestIterationMs)
        : trialHookLimit;
  } else {
    const iterationMs = change.iteration.warmup ? settings.warmupTimeMs : settings.measurementTimeMs;
    limit = Math.max(
      minIterationPhaseMs,
      PHASE_FACTOR * iterationMs,
      PHASE_FACTOR * input.longestIterationMs,
    );
  }
  return timerDelayMs(Math.min(limit, settings.timeoutMs));
}

/** Where a fork is, in words: "setupTrial", "warmup iteration 2 (invocations)". */
export function describePhase(change: PhaseChange): string {
  if (change.iteration === undefined) return change.phase;
  const { warmup, index } = change.iteration;
  return `${warmup ? 'warmup' : 'measurement'} iteration ${index} (${change.phase})`;
}

/** Shorter limits, for tests of the watchdog itself. */
export interface WatchdogLimits {
  readonly minIterationPhaseMs?: number;
  readonly minTrialHookMs?: number;
}

/** Watches one fork; call {@link phase} for every phase it reports and {@link stop} when it ends. */
export class ProgressWatchdog {
  #change: PhaseChange = { phase: 'import' };
  #phaseStartedAt = performance.now();
  #cpuAtPhaseStart: number | undefined;
  #iterationStartedAt = 0;
  #longestIterationMs = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #pid: number | undefined;
  readonly #mode: Mode;
  readonly #settings: ResolvedSettings;
  readonly #onStuck: (failure: ForkFailure) => void;
  readonly #limits: WatchdogLimits;

  constructor(
    pid: number | undefined,
    mode: Mode,
    settings: ResolvedSettings,
    onStuck: (failure: ForkFailure) => void,
    limits: WatchdogLimits = {},
  ) {
    this.#pid = pid;
    this.#mode = mode;
    this.#settings = settings;
    this.#onStuck = onStuck;
    this.#limits = limits;
    this.phase({ phase: 'import' });
  }

  /** The fork entered a phase: restart the clock with that phase's limit. */
  phase(change: PhaseChange): void {
    const now = performance.now();
    if (change.phase === 'setupIteration') this.#iterationStartedAt = now;
    this.#change = change;
    this.#phaseStartedAt = now;
    this.#cpuAtPhaseStart = cpuSeconds(this.#pid);
    clearTimeout(this.#timer);
    const timeoutMs = this.#settings.timeoutMs;
    const idleLimitMs = phaseLimitMs({
      change,
      mode: this.#mode,
      settings: this.#settings,
      longestIterationMs: this.#longestIterationMs,
      ...this.#limits,
    });
    // A limit as long as the fork's timeout is left to the timeout, which says the same and more.
    if (idleLimitMs >= timeoutMs) {
      this.#timer = undefined;
      return;
    }
    const busyLimitMs = timerDelayMs(Math.min(timeoutMs, BUSY_FACTOR * idleLimitMs));
    this.#timer = setTimeout(() => {
      const { idle } = this.#stall();
      if (idle === true || busyLimitMs >= timeoutMs) {
        if (idle === true) this.#onStuck({ phase: 'stalled', message: this.#stalledMessage() });
        return;
      }
      // Working, or no way to tell: give it the longer limit.
      this.#timer = setTimeout(
        () => this.#onStuck({ phase: 'stalled', message: this.#stalledMessage() }),
        busyLimitMs - idleLimitMs,
      );
    }, idleLimitMs);
  }

  /**
   * The fork waits for its turn in an interleaved round: it is not stuck, however long the others
   * take. The next {@link phase} starts the clock again.
   */
  pause(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** An iteration finished: later single-shot limits scale with the longest one. */
  iterationFinished(): void {
    if (this.#iterationStartedAt > 0) {
      this.#longestIterationMs = Math.max(
        this.#longestIterationMs,
        performance.now() - this.#iterationStartedAt,
      );
    }
  }

  /** The message for a fork killed by `--timeout`: where it was and, when it was working, what to do. */
  timeoutMessage(timeoutMs: number): string {
    const { seconds, cpu, idle } = this.#stall();
    const where = `${describePhase(this.#change)} for the last ${seconds.toFixed(1)} s`;
    if (idle === true) {
      return `no result within ${timeoutMs} ms; the fork was killed while idle in ${where} (${cpu}), waiting for something that never came`;
    }
    return `no result within ${timeoutMs} ms; the fork was killed in ${where}${cpu === '' ? '' : ` (${cpu})`} (raise --timeout if the benchmark is just slow)`;
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #stalledMessage(): string {
    const { seconds, cpu, idle } = this.#stall();
    const where = `no progress for ${seconds.toFixed(1)} s in ${describePhase(this.#change)}`;
    if (idle === true) {
      return `${where}: the fork sat idle (${cpu}), waiting for something that never came (a connection, a lock, a promise that never settles); it was killed`;
    }
    if (idle === false) {
      return this.#change.iteration === undefined
        ? `${where} while the fork kept working (${cpu}); it was killed (raise --timeout if ${this.#change.phase} is just slow: it may take a fifth of it)`
        : `${where} while the fork kept working (${cpu}): one invocation or hook takes far longer than the iteration time; it was killed (use a longer --time, or mode ss)`;
    }
    return `${where}; the fork was killed`;
  }

  #stall(): { seconds: number; cpu: string; idle: boolean | undefined } {
    const seconds = (performance.now() - this.#phaseStartedAt) / 1000;
    const now = cpuSeconds(this.#pid);
    if (now === undefined || this.#cpuAtPhaseStart === undefined)
      return { seconds, cpu: '', idle: undefined };
    const used = now - this.#cpuAtPhaseStart;
    return { seconds, cpu: `${used.toFixed(2)} s of CPU`, idle: used < IDLE_CPU_SHARE * seconds };
  }
}

/** CPU time (user + system) a process has used, in seconds; undefined where /proc is missing. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
