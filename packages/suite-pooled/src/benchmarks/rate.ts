/**
 * rate — open-loop load: what latency do users see at a given request rate, and where does the pool
 * saturate?
 *
 * Hypothesis: below the pool's capacity, latency from the intended start stays near one request's
 * service time whatever the rate; as the arrival rate nears what the pool and the server can serve,
 * requests queue for a connection and the p99 grows by orders of magnitude while the achieved rate
 * flattens (the latency–throughput knee). A closed loop hides that knee: its callers stop sending
 * while they wait, so it never offers more than it is served. A fail-fast acquire timeout caps the
 * queueing at the cost of failed requests.
 *
 * The load: requests arrive on a Poisson schedule at `rate` per second (see `open-loop/open-loop.ts`),
 * each sent as soon as it arrives through the metered pool (the driver's own call with the SQL
 * Kysely compiles, `client=raw` of `queries`), with as many in flight as the schedule needs, up to
 * {@link MAX_IN_FLIGHT}. Latency is measured from each request's intended start, so a stall counts
 * for every request that arrived during it; service time (from the send) and schedule lag are
 * reported beside it. `latencyLimit` (pgbench's `--latency-limit`): requests later than it are
 * "late", and requests already later than it when their turn comes are "skipped", never sent.
 *
 * The primary score: resolved requests per second (succeeded, failed or skipped). Each timed
 * invocation waits for the next {@link REQUESTS_PER_OPERATION} arrivals of the running schedule to
 * resolve and declares them its operations: below saturation the score is the offered rate; above
 * it, what the pool serves.
 * Timed: the wall time for 100 arrivals to resolve (the schedule runs for the whole iteration).
 * Not timed: opening and pre-warming the pool, seeding `source` (selectById), emptying `target`
 * before every iteration (insertOne), starting the schedule and draining it at iteration edges (the
 * drain's requests count in the iteration's histograms, so a warmup leaves no backlog behind).
 * Secondary: latency p50/p90/p99/p99.9/max from the intended start, service p50/p99, schedule lag
 * p99 (ms); achieved successful requests/s; late, skipped and failed requests per iteration; success
 * rate (%). Histograms: every measured iteration's latency, service time and lag as HDR histograms in
 * the report (`dbbench.histograms`), so forks and shards combine exactly.
 * Verified: every selectById returns the key it asked for, every insertOne inserts one row, and
 * after each iteration `target` holds exactly the rows the succeeded inserts wrote.
 * State: read-only (selectById); per iteration (insertOne).
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^rate$' -p rate=500,2000 -p latencyLimit=10ms
 */
import {
  countRows,
  generateSourceRows,
  resetTarget,
  transformRow,
  type MeteredPool,
} from '@dbbench/databases';
import {
  DbbenchError,
  defineBenchmark,
  type HistogramSample,
  type MetricSample,
  type Profiler,
} from '@dbbench/harness';
import { openTrial, standardProfilers, type RunContext } from '@dbbench/suite-kit';
import { OpenLoop } from '../open-loop/open-loop.js';
import { durationMs, isAcquireTimeout, parseAcquireTimeout } from './contention.js';
import { openQueryClient, type QueryClient } from '../queries/query-clients.js';
import { QUERY_SOURCE_ROWS } from './queries.js';

/** Arrivals each timed invocation waits for (the harness's operations per invocation). */
export const REQUESTS_PER_OPERATION = 100;

/** Requests in flight at most: the most callers `contention` has; later arrivals wait in a backlog. */
export const MAX_IN_FLIGHT = 1000;

/** The requests the open loop sends (a subset of `queries`' kinds). */
export const RATE_QUERIES = ['selectById', 'insertOne'] as const;

/** A step coprime with {@link QUERY_SOURCE_ROWS}, so keys walk every row. */
const KEY_STEP = 7919;

/** Per-fork state of the `rate` benchmark. */
export interface RateState {
  readonly pool: MeteredPool;
  readonly client: QueryClient;
  readonly loop: OpenLoop;
  readonly query: (typeof RATE_QUERIES)[number];
  readonly rate: number;
  /** Rows `target` held when the iteration's schedule started (insertOne checks what it wrote). */
  targetRowsAtStart: number;
}

/** Parses the `rate` axis: requests per second, above zero. */
export function parseRate(value: string): number {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate) || rate <= 0) {
    throw new DbbenchError(
      `rate=${value} is not an arrival rate; use a number of requests per second above zero (e.g. -p rate=500,2000)`,
    );
  }
  return rate;
}

/** Parses the `latencyLimit` axis: `none`, or a duration such as `10ms` or `1s` (pgbench's `-L`). */
export function parseLatencyLimit(value: string): number | undefined {
  if (value === 'none') return undefined;
  const milliseconds = durationMs(value);
  if (milliseconds === undefined || !(milliseconds > 0)) {
    throw new DbbenchError(
      `latencyLimit=${value} is not a duration; use none, or a number above zero with ms or s (e.g. 10ms)`,
    );
  }
  return milliseconds;
}

function isRateQuery(value: string): value is (typeof RATE_QUERIES)[number] {
  return (RATE_QUERIES as readonly string[]).includes(value);
}

/**
 * The `rate` benchmark for an engine whose Node drivers are `drivers` (the first sends the
 * requests; the driver question is `queries`' and `contention`'s).
 */
export function createRateBenchmark(drivers: readonly string[]) {
  const [driver] = drivers;
  if (driver === undefined) throw new Error('rate: an engine with no driver');
  return defineBenchmark<RateState, RunContext, void>({
    description:
      'Open-loop load: requests arrive at rate per second (Poisson); latency from the intended start',
    axes: ['query', 'rate', 'poolSize', 'acquireTimeout', 'latencyLimit'],
    // The saturation picture: every rate on pools of 10 and 60 for the primary-key SELECT, the insert
    // on the pool of 10; the fail-fast question at the top rate only, where requests queue.
    grids: [
      { query: ['selectById'], poolSize: [10, 60], acquireTimeout: ['none'], latencyLimit: ['none'] },
      { query: ['insertOne'], poolSize: [10], acquireTimeout: ['none'], latencyLimit: ['none'] },
      {
        query: ['selectById'],
        poolSize: [10],
        rate: [8000],
        acquireTimeout: ['10ms'],
        latencyLimit: ['none'],
      },
    ],
    mode: 'thrpt',
    operationsPerInvocation: REQUESTS_PER_OPERATION,
    // Per fork: 500 ms of warmup (it drains its backlog), then 3 × 500 ms measured — more than the
    // suite's 2, since a fork's p99 comes from its requests (1500 at 500 a second).
    iterations: { warmupIterations: 1, warmupTimeMs: 500, measurementIterations: 3, measurementTimeMs: 500 },
    async setupTrial(ctx) {
      const query = ctx.str('query');
      if (!isRateQuery(query)) {
        throw new DbbenchError(
          `rate: query=${query} is not sent open-loop; use one of ${RATE_QUERIES.join(', ')}`,
        );
      }
      const rate = parseRate(ctx.str('rate'));
      const latencyLimitMs = parseLatencyLimit(ctx.str('latencyLimit'));
      const acquireTimeoutMs = parseAcquireTimeout(ctx.str('acquireTimeout'));
      const poolSize = ctx.int('poolSize');
      const pool = await openTrial(ctx.runContext, {
        poolSize,
        sourceRows: query === 'selectById' ? QUERY_SOURCE_ROWS : 0,
        ...(acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs }),
      });
      const [templateRow] = [...generateSourceRows(1)].map((row) =>
        transformRow({ ...row, id: row.id + QUERY_SOURCE_ROWS }),
      );
      if (templateRow === undefined) throw new Error('the generator yielded no rows');
      let client: QueryClient;
      try {
        client = await openQueryClient({
          kind: 'raw',
          driver,
          query,
          statements: 'unprepared',
          trialPool: pool,
          poolSize,
          connection: ctx.runContext,
          rows: { templateRow, rollbackBatch: [templateRow] },
        });
      } catch (error) {
        await pool.close();
        throw error;
      }
      let sent = 0;
      const request =
        query === 'selectById'
          ? async (): Promise<void> => {
              sent += 1;
              const key = ((sent * KEY_STEP) % QUERY_SOURCE_ROWS) + 1;
              const { id } = await client.selectById(key);
              if (id !== key) throw new Error(`rate selectById: expected the row with id ${key}, got ${id}`);
            }
          : async (): Promise<void> => {
              sent += 1;
              const inserted = await client.insertOne(QUERY_SOURCE_ROWS + sent);
              if (inserted !== 1) throw new Error(`rate insertOne: expected 1 row inserted, got ${inserted}`);
            };
      const loop = new OpenLoop({
        ratePerSecond: rate,
        maxInFlight: MAX_IN_FLIGHT,
        request,
        isFailure: isAcquireTimeout,
        ...(latencyLimitMs === undefined ? {} : { latencyLimitMs }),
      });
      return { pool, client, loop, query, rate, targetRowsAtStart: 0 };
    },
    async setupIteration(state) {
      if (state.query === 'insertOne') await resetTarget(state.pool);
      state.targetRowsAtStart = await countRows(state.pool, 'target');
    },
    async run(state) {
      await state.loop.waitForResolved(REQUESTS_PER_OPERATION);
    },
    // The schedule runs inside the profilers' window: started after server counters and pool metrics
    // are taken, drained before they are read again (reading them needs an idle pool).
    profilers: (state, ctx) =>
      standardProfilers(state.pool, {
        detailedPoolWaits: true,
        // Said by the combination's first fork only: once a combination, not once a fork.
        workload: openLoopProfiler(state.loop, {
          rate: state.rate,
          log: (message) => {
            if (ctx.fork === 0) ctx.log(message);
          },
        }),
        operationsPerInvocation: REQUESTS_PER_OPERATION,
      }),
    facts: (state) => ({ driver: { ...state.client.driver } }),
    async teardownIteration(state) {
      if (state.query !== 'insertOne') return;
      const { succeeded } = state.loop.stats();
      const rows = await countRows(state.pool, 'target');
      if (rows !== state.targetRowsAtStart + succeeded) {
        throw new Error(
          `rate insertOne: target holds ${rows} rows after ${succeeded} successful inserts on ${state.targetRowsAtStart}`,
        );
      }
    },
    async teardownTrial(state) {
      await state.loop.stop();
      await state.client.close();
      await state.pool.close();
    },
  });
}

/** What the profiler needs besides the loop. */
export interface OpenLoopProfilerOptions {
  /** The offered rate, requests/s (for the message when the cap cannot sustain it). */
  readonly rate: number;
  /** A line to the run's output (said at most once by the profiler; the benchmark passes one fork's). */
  readonly log: (message: string) => void;
}

/**
 * Drives the open loop for one iteration — clears its stats and starts the schedule before, drains
 * it after — and reports what it saw; its histograms go to the report losslessly.
 */
export function openLoopProfiler(loop: OpenLoop, options: OpenLoopProfilerOptions): Profiler {
  let encoded: HistogramSample[] = [];
  let saidCap = false;
  let started = false;
  return {
    name: 'open-loop',
    beforeIteration(): void {
      started = false;
    },
    // The schedule starts right before the iteration's first timed invocation, after every other
    // profiler has started and the timing loop is set up: a pause of theirs would otherwise fall on
    // the first arrivals and show in the tail as if the server had stalled.
    timedRegionStarted(): void {
      if (started) return;
      started = true;
      loop.resetStats();
      loop.start();
    },
    async afterIteration(): Promise<readonly MetricSample[]> {
      await loop.stop();
      if (loop.fault !== undefined) throw loop.fault;
      const stats = loop.stats();
      if (stats.waitedForCap > 0 && !saidCap) {
        saidCap = true;
        options.log(
          `rate=${options.rate}: ${stats.waitedForCap} of ${stats.scheduled} arrivals found ${MAX_IN_FLIGHT} requests in flight and waited; this rate is beyond what the pool serves here (their wait is in their latency)`,
        );
      }
      encoded = [
        { name: 'latency', unit: 'ms', encoded: stats.latency.encode() },
        { name: 'service', unit: 'ms', encoded: stats.service.encode() },
        { name: 'lag', unit: 'ms', encoded: stats.lag.encode() },
      ];
      const ms = (name: string, value: number): MetricSample => ({
        name,
        value,
        unit: 'ms',
        higherIsBetter: false,
      });
      const count = (name: string, value: number): MetricSample => ({
        name,
        value,
        unit: 'count',
        higherIsBetter: false,
      });
      const attempts = stats.succeeded + stats.failed + stats.skipped;
      return [
        {
          name: 'requests/s',
          value: stats.windowMs > 0 ? (1000 * stats.succeeded) / stats.windowMs : Number.NaN,
          unit: 'requests/s',
          higherIsBetter: true,
        },
        ms('latency.p50', stats.latency.percentile(50)),
        ms('latency.p90', stats.latency.percentile(90)),
        ms('latency.p99', stats.latency.percentile(99)),
        ms('latency.p99.9', stats.latency.percentile(99.9)),
        ms('latency.max', stats.latency.percentile(100)),
        ms('service.p50', stats.service.percentile(50)),
        ms('service.p99', stats.service.percentile(99)),
        ms('lag.p99', stats.lag.percentile(99)),
        count('late', stats.late),
        count('skipped', stats.skipped),
        count('failed', stats.failed),
        {
          name: 'successRate',
          value: attempts > 0 ? (100 * stats.succeeded) / attempts : Number.NaN,
          unit: '%',
          higherIsBetter: true,
        },
      ];
    },
    histograms(): readonly HistogramSample[] {
      return encoded;
    },
  };
}
