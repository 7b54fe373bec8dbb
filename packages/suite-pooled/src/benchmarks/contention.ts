/**
 * contention — what happens when more callers than connections share a pool?
 *
 * Hypothesis: throughput is set by the pool (and the server's cores), not by the callers: beyond
 * `poolSize` concurrent callers, extra concurrency only lengthens the acquire queue, so latency grows
 * with concurrency ÷ poolSize while requests/s stays flat. A fail-fast acquire timeout converts that
 * queueing into rejected requests: bounded latency, success rate below 100%.
 *
 * The primary score: successful requests per second. Each timed invocation waits for
 * {@link REQUESTS_PER_OPERATION} successes and declares them as its operations (the harness's
 * `operationsPerInvocation`, JMH's `@OperationsPerInvocation`), so the score is per request.
 * A request is: acquire a connection (timed by dbbench's metered pool) → `SELECT 1` → release.
 * `concurrency` tasks issue requests in a closed loop (the next as soon as the previous finished or
 * timed out) for the whole iteration; each timed invocation waits for the next 1000 successes of that
 * running loop, so it measures steady state, not `concurrency` tasks starting at once.
 *
 * Timed: the wall time for 1000 successful requests of the running loop (timed-out requests take
 * time but are not counted as operations).
 * Not timed: creating and pre-warming the pool, starting and stopping the loop at iteration edges
 * (it runs only while the iteration is measured, between the profilers' readings).
 * Secondary: latency p50/p95/p99/max of successful requests (ms), acquire wait p50/p95/p99/max (ms,
 * from the pool's own timing), acquire timeouts per iteration, success rate (%).
 * State: none mutated (read-only query).
 *
 * The server's CPUs (`cpus`, the WAS study's `docker --cpus`): the parent sets the server's CPU quota
 * before each fork (a cgroup of its own for the local provider, the container's quota for
 * testcontainers) and records the quota read back in the result's `dbbench.applied`; `none` runs it
 * without one (the server on every core). The client (this fork) is never limited. Hypothesis: with
 * the closed loop's callers sharing a 2-core machine, a server held to 0.5 CPU bounds requests/s
 * whatever the pool, so below the machine's cores the CPUs matter more than the pool size. Runs only where the provider can set
 * a quota (local as root, testcontainers); elsewhere those combinations are skipped, with the reason.
 *
 * The `driver` axis: the same closed loop through another Node driver of the engine (postgres.js; the
 * MariaDB connector), behind the same metered pool and held to the same settings (recorded in every
 * result's `dbbench.facts[].driver`). Hypothesis: at 100 callers on 10 connections a request waits
 * mostly for a connection and the server, so the drivers' own cost per request shows only as far as
 * the client's CPU is the bottleneck — on this 2-core machine, shared with the server, it may be.
 *
 * Acquire timeouts: mysql2's pool has no acquire timeout at all, and pg.Pool's connectionTimeoutMillis
 * also covers opening a connection, so @dbbench/databases bounds the wait around both pools itself
 * and fails the request with an AcquireTimeoutError. `acquireTimeout=none` waits forever on both.
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^contention$' -p poolSize=10 -p concurrency=100
 */
import {
  choiceAxis,
  DbbenchError,
  defineBenchmark,
  percentileOfSorted,
  type MetricSample,
  type Profiler,
} from '@dbbench/harness';
import type { MeteredPool } from '@dbbench/databases';
import { ClosedLoop } from '../contention/closed-loop.js';
import { selectOne } from '../contention/select-one.js';
import { machineCpus, NO_CPU_QUOTA, openTrial, standardProfilers, type RunContext } from '@dbbench/suite-kit';

/** Successful requests each timed invocation waits for (amortises the harness's per-invocation cost). */
export const REQUESTS_PER_OPERATION = 1000;

/**
 * The server CPU quotas of the WAS matrix (its `docker --cpus` 1/2/4, scaled to this 2-core
 * machine): half a core and one core; `none`, the server on every core of the machine, is the top
 * step. A machine with a single core drops the quota it cannot grant.
 */
export const SERVER_CPU_QUOTAS: readonly string[] = ['0.5', '1'].filter(
  (cpus) => Number(cpus) < machineCpus(),
);

/** Per-fork state of the `contention` benchmark. */
export interface ContentionState {
  readonly pool: MeteredPool;
  readonly loop: ClosedLoop;
}

/** A duration axis value such as `100ms` or `1.5s`, in ms; undefined when it is not one. */
export function durationMs(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(value);
  return match === null ? undefined : Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/** Parses the `acquireTimeout` axis: `none` (wait forever) or a duration such as `100ms` or `1s`. */
export function parseAcquireTimeout(value: string): number | undefined {
  if (value === 'none') return undefined;
  const milliseconds = durationMs(value);
  if (milliseconds === undefined) {
    throw new DbbenchError(
      `acquireTimeout=${value} is not a duration; use none, or a number with ms or s (e.g. 100ms, 1s)`,
    );
  }
  if (milliseconds <= 0) throw new DbbenchError(`acquireTimeout=${value} must be above zero, or none`);
  return milliseconds;
}

/** Whether an error is the metered pool's acquire timeout. */
export function isAcquireTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'AcquireTimeoutError';
}

/**
 * The `contention` benchmark for an engine whose Node drivers are `drivers` (the default first): its
 * grids name them.
 */
export function createContentionBenchmark(drivers: readonly string[]) {
  const [firstDriver, ...otherDrivers] = drivers;
  if (firstDriver === undefined) throw new Error('contention: an engine with no driver');
  return defineBenchmark<ContentionState, RunContext, void>({
    description:
      'Closed-loop load: concurrency callers share a pool of poolSize; score = successful requests per second',
    axes: ['poolSize', 'concurrency', 'acquireTimeout', 'cpus', 'driver'],
    axisTypes: { driver: choiceAxis(drivers) },
    // Without a CPU quota, every pool size and concurrency waits without a timeout (the pool-size
    // question); the fail-fast timeouts only matter where callers queue, so they run at 1000 callers on
    // the pool of 10 the timeout questions ask about. Under a quota (the WAS matrix: pool size or
    // CPUs?), every pool size at 100 callers, and every concurrency on a pool of 10 (the p99 chart):
    // 21 combinations, not the 81 of the cross product (-p cpus=… runs every grid at the quotas named),
    // all on the default driver; the other drivers at 100 callers on the pool of 10, no quota, where
    // the driver question is asked (-p driver=… runs the drivers named on every grid).
    grids: [
      { cpus: [NO_CPU_QUOTA], acquireTimeout: ['none'], driver: [firstDriver] },
      {
        cpus: [NO_CPU_QUOTA],
        acquireTimeout: ['10ms', '50ms'],
        concurrency: [1000],
        poolSize: [10],
        driver: [firstDriver],
      },
      { cpus: SERVER_CPU_QUOTAS, acquireTimeout: ['none'], concurrency: [100], driver: [firstDriver] },
      { cpus: SERVER_CPU_QUOTAS, acquireTimeout: ['none'], poolSize: [10], driver: [firstDriver] },
      ...(otherDrivers.length === 0
        ? []
        : [
            {
              cpus: [NO_CPU_QUOTA],
              acquireTimeout: ['none'],
              concurrency: [100],
              poolSize: [10],
              driver: otherDrivers,
            },
          ]),
    ],
    mode: 'thrpt',
    operationsPerInvocation: REQUESTS_PER_OPERATION,
    // Per fork, as the suite's: 100 callers ran at 0.41× of steady in their first 250 ms and reached
    // it after about 1 s here, so 1500 ms of warmup before 2 × 500 ms.
    iterations: { warmupIterations: 1, warmupTimeMs: 1500, measurementIterations: 2, measurementTimeMs: 500 },
    async setupTrial(ctx) {
      const concurrency = ctx.int('concurrency');
      const acquireTimeoutMs = parseAcquireTimeout(ctx.str('acquireTimeout'));
      const pool = await openTrial(ctx.runContext, {
        poolSize: ctx.int('poolSize'),
        driver: ctx.str('driver'),
        ...(acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs }),
      });
      const loop = new ClosedLoop({
        concurrency,
        isTimeout: isAcquireTimeout,
        request: () => pool.withConnection(selectOne),
      });
      return { pool, loop };
    },
    async run(state) {
      await state.loop.waitForSuccesses(REQUESTS_PER_OPERATION);
    },
    // The loop runs inside the profilers' window: started after server counters and pool metrics are
    // taken, stopped before they are read again (reading them needs an idle pool).
    profilers: (state) =>
      standardProfilers(state.pool, {
        detailedPoolWaits: true,
        workload: contentionProfiler(state.loop),
        operationsPerInvocation: REQUESTS_PER_OPERATION,
      }),
    facts: (state) => ({ driver: { ...state.pool.driver } }),
    async teardownTrial(state) {
      await state.loop.stop();
      await state.pool.close();
    },
  });
}

/**
 * Drives the closed loop for one iteration — clears its stats and starts it before, stops it after —
 * and reports what it saw: `requests/s` (successful, from the harness's timing), latency
 * percentiles, timeouts and success rate.
 */
export function contentionProfiler(loop: ClosedLoop): Profiler {
  return {
    name: 'contention',
    beforeIteration(): void {
      loop.resetStats();
      loop.start();
    },
    async afterIteration(info): Promise<readonly MetricSample[]> {
      await loop.stop();
      const stats = loop.stats();
      const latencies = [...stats.successLatenciesMs].sort((a, b) => a - b);
      const attempts = stats.successes + stats.timeouts;
      const seconds = info.measuredNs / 1e9;
      const latency = (name: string, p: number): MetricSample => ({
        name: `latency.${name}`,
        value: percentileOfSorted(latencies, p),
        unit: 'ms',
        higherIsBetter: false,
      });
      return [
        {
          name: 'requests/s',
          value: seconds > 0 ? (info.invocations * REQUESTS_PER_OPERATION) / seconds : Number.NaN,
          unit: 'requests/s',
          higherIsBetter: true,
        },
        latency('p50', 50),
        latency('p95', 95),
        latency('p99', 99),
        latency('max', 100),
        { name: 'timeouts', value: stats.timeouts, unit: 'count', higherIsBetter: false },
        {
          name: 'successRate',
          value: attempts > 0 ? (100 * stats.successes) / attempts : Number.NaN,
          unit: '%',
          higherIsBetter: true,
        },
      ];
    },
  };
}
