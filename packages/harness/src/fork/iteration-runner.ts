/**
 * The timing loop: one call of mitata's `measure()` per iteration, with per-invocation hooks outside
 * the timed region, and a separate single-shot loop for `ss`. Only what `run()` does is timed.
 */
import { measure } from 'mitata';
// mitata's clock (performance.now in ns) is not re-exported from its entry; lib.mjs is the same module.
import { now } from 'mitata/src/lib.mjs';
import { PhaseError } from './phase-error.js';

/** The hooks around one invocation. `before` and `after` are never timed. */
export interface Invocation {
  /** Per-invocation setup, or undefined when the benchmark has none (saves an await per call). */
  readonly before: (() => Promise<void>) | undefined;
  /** The timed operation. */
  readonly run: () => unknown;
  /** Consumes the result, verifies it and runs per-invocation teardown; undefined when nothing was awaited. */
  readonly after: (result: unknown) => Promise<void> | undefined;
  /**
   * Told right before the clock starts and right after it stops (outside the timed region), for
   * profilers that count what the timed region alone did; undefined when no profiler asks.
   */
  readonly timedRegion?: { started(): void; ended(): void };
}

/** What one iteration measured. */
export interface TimedIteration {
  readonly invocations: number;
  /** Sum of timed regions, ns. */
  readonly measuredNs: number;
  /** Every invocation's timed region, ns, untrimmed (order not preserved). */
  readonly samplesNs: readonly number[];
}

/**
 * Upper bound on invocations per iteration: keeps memory and IPC bounded for sub-microsecond
 * operations, which are not what this harness is for (an iteration of them simply ends early).
 */
export const MAX_INVOCATIONS_PER_ITERATION = 1_000_000;

/**
 * Calls answered without running the benchmark: mitata's probe, and its first sample. mitata keeps
 * its samples in a fresh `new Array(2 ** 20)` of small integers; the first time-valued store turns it
 * into an array of doubles, copying all 2^20 slots — about 25–30 ms here, during which the event loop
 * is blocked. Taken by the second call, that pause falls before the first real invocation instead
 * of between the first and the second, where a load running in the background of the iteration (an
 * open loop's schedule, a closed loop's callers) would see it as a stall of the server.
 */
const PROBES = 2;

/**
 * What a probe returns as its time: the smallest double there is, not 0 — a 0 would be stored as a
 * small integer and leave the copy to the first real sample.
 */
const PROBE_NS = Number.MIN_VALUE;

/**
 * Runs invocations for at least `timeMs` of wall time (at least one) through `measure()`.
 *
 * - Manual mode (`manual()` returns the ns of the timed region) keeps per-invocation setup, verify
 *   and teardown out of every sample.
 * - Budget `real`: mitata counts the wall time of each `manual()` call towards `min_cpu_time`, so
 *   the iteration lasts `timeMs` even when a 5 ms setup precedes a 1 ms operation (with budget
 *   `manual` only the timed 1 ms would count and the iteration would run 6× longer).
 * - `batch_threshold: 0`: one sample per invocation; `samples_threshold: Infinity`: nothing trimmed.
 * - mitata calls the function once as a probe before sampling, and the harness answers its first
 *   sample too (see {@link PROBES}); those calls do no work and return ~0, so they can never enter a
 *   score nor double the cost of an expensive invocation, and the probe's sample is dropped.
 * - `gc: false`: the harness collects garbage itself between iterations, before profilers start.
 */
export async function measureForTime(invocation: Invocation, timeMs: number): Promise<TimedIteration> {
  let probes = 0;
  // Async so mitata sees one kind of function from its probe on; returning the inner promise adds no await.
  const timedInvocation = (): Promise<number> => {
    if (probes < PROBES) {
      probes += 1;
      return Promise.resolve(PROBE_NS);
    }
    try {
      const elapsed = timeOnce(invocation);
      return typeof elapsed === 'number' ? Promise.resolve(elapsed) : elapsed;
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const stats = await measure(
    function* () {
      yield { budget: 'real', manual: timedInvocation } as unknown as () => unknown;
    },
    {
      gc: false,
      batch_threshold: 0,
      samples_threshold: Number.POSITIVE_INFINITY,
      warmup_samples: 0,
      min_samples: 1,
      max_samples: MAX_INVOCATIONS_PER_ITERATION,
      min_cpu_time: timeMs * 1e6,
    },
  );
  // mitata sorts its samples: the second probe's is the first (no real timed region is that short).
  const samples = stats.samples[0] === PROBE_NS ? stats.samples.slice(1) : stats.samples;
  let measuredNs = 0;
  for (const sample of samples) measuredNs += sample;
  return { invocations: samples.length, measuredNs, samplesNs: samples };
}

/**
 * Single shot (`ss`): exactly `batchSize` invocations, timed one by one with mitata's clock and
 * summed; no probe, no warm call, so a cold start is measured cold.
 */
export async function measureSingleShot(invocation: Invocation, batchSize: number): Promise<TimedIteration> {
  const samplesNs: number[] = [];
  let measuredNs = 0;
  for (let call = 0; call < batchSize; call++) {
    const elapsed = await timeOnce(invocation);
    samplesNs.push(elapsed);
    measuredNs += elapsed;
  }
  return { invocations: batchSize, measuredNs, samplesNs };
}

/**
 * One invocation: setup, the timed run, then consume/verify/teardown. Awaits only what is really a
 * promise, so the harness adds as few allocations and microtask turns per invocation as it can (the
 * gc profiler's bytes per op include what is left; see the README).
 */
function timeOnce(invocation: Invocation): Promise<number> | number {
  if (invocation.before !== undefined) return invocation.before().then(() => timeRun(invocation));
  return timeRun(invocation);
}

function timeRun(invocation: Invocation): Promise<number> | number {
  let result: unknown;
  const region = invocation.timedRegion;
  region?.started();
  const start = now();
  try {
    result = invocation.run();
  } catch (error) {
    region?.ended();
    throw new PhaseError('run', error);
  }
  if (!isThenable(result)) {
    const elapsed = now() - start;
    region?.ended();
    return finishInvocation(invocation, result, elapsed);
  }
  return Promise.resolve(result).then(
    (resolved) => {
      const elapsed = now() - start;
      region?.ended();
      return finishInvocation(invocation, resolved, elapsed);
    },
    (error: unknown) => {
      region?.ended();
      throw new PhaseError('run', error);
    },
  );
}

function finishInvocation(
  invocation: Invocation,
  result: unknown,
  elapsedNs: number,
): Promise<number> | number {
  const after = invocation.after(result);
  return after === undefined ? elapsedNs : after.then(() => elapsedNs);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
