/**
 * The pooled ("JDBC-like") suite: request/response database access over a connection pool — Kysely
 * over pg.Pool and over the mysql2 pool — written once and run on PostgreSQL and MySQL.
 */
import { driverNames, type EngineName } from '@dbbench/databases';
import { choiceAxis, customAxis, integerAxis, type SuiteDefinition } from '@dbbench/harness';
import { CPUS_AXIS_TYPE, defineDatabaseSuite, NO_CPU_QUOTA, type RunContext } from '@dbbench/suite-kit';
import {
  createContentionBenchmark,
  parseAcquireTimeout,
  SERVER_CPU_QUOTAS,
} from './benchmarks/contention.js';
import { jobBenchmark } from './benchmarks/job.js';
import { createRateBenchmark, parseLatencyLimit, parseRate } from './benchmarks/rate.js';
import { pooledDisplay } from './display.js';
import { limitBenchmark } from './benchmarks/limit.js';
import { createQueriesBenchmark, QUERY_KINDS } from './benchmarks/queries.js';
import { CLIENT_KINDS, STATEMENT_KINDS } from './queries/query-clients.js';
import { seedBenchmark } from './benchmarks/seed.js';
import { DEFAULT_CHUNK_SIZE } from './job/job-runner.js';
import { WRITER_NAMES } from './job/job-writers.js';
import { SEED_STRATEGIES } from './seed/seed-strategies.js';

/** The suite's name in reports and docs. */
export const SUITE_NAME = 'pooled';

/**
 * Wall time of a full default run of this suite: with the reactive suite's 4.5 minutes, within 15
 * minutes per engine on this 2-core machine (see the README's time budget). Its first pass alone
 * (a second fork for every compared combination) did not fit in 9.5 minutes on PostgreSQL, and full
 * runs ended within 5 s of the two budgets' 14 minutes, so the half minute left goes here.
 */
export const POOLED_BUDGET_MS = 10 * 60_000;

/** Every axis with its default values (the full matrix; see README for its time budget). */
export const POOLED_AXES = {
  dataSize: [1000, 10000, 100000],
  // The design's 10, 30 and 60; the job adds a pool smaller than its partitions (2) in its own grid.
  poolSize: [10, 30, 60],
  // The design's 1, 4 and 8, and 2: on this 2-core machine the fast writers peak at 1–2 partitions and
  // the Kysely writer by 4, so the partition questions step 1 → 2 → 4 → 8.
  partitions: [1, 2, 4, 8],
  // The Kysely default and ten times it, so chunk size and writer can be read separately.
  chunkSize: [DEFAULT_CHUNK_SIZE, 5000],
  writer: WRITER_NAMES,
  strategy: SEED_STRATEGIES,
  query: QUERY_KINDS,
  // What sits between a request and the driver (queries only): the builder, the raw call, the bare driver pool.
  client: CLIENT_KINDS,
  statements: STATEMENT_KINDS,
  concurrency: [10, 100, 1000],
  // Chosen from measured acquire waits here (p50 ≈ 20 ms, p95 ≈ 40–60 ms at 1000 callers): 10ms and
  // 50ms fail fast inside that distribution, so the success-rate trade-off is visible; none waits.
  acquireTimeout: ['none', '10ms', '50ms'],
  // The server's CPU quota (contention only): none (every core), and the WAS matrix's quotas.
  cpus: [NO_CPU_QUOTA, ...SERVER_CPU_QUOTAS],
  // Open-loop arrivals per second (rate only): well below a pool of 10's capacity here (~8000 primary-key
  // SELECTs a second), two steps towards it, and at it, where arrivals queue: the saturation curve.
  rate: [500, 2000, 4000, 8000],
  // pgbench's --latency-limit (rate only): none by default; e.g. -p latencyLimit=10ms counts late and skipped requests.
  latencyLimit: ['none'],
} as const;

/** Types of the pooled suite's own axes (the shared workload axes get theirs from suite-kit). */
export const POOLED_AXIS_TYPES = {
  strategy: choiceAxis(SEED_STRATEGIES),
  query: choiceAxis(QUERY_KINDS),
  client: choiceAxis(CLIENT_KINDS),
  statements: choiceAxis(STATEMENT_KINDS),
  concurrency: integerAxis({ min: 1, max: 100_000 }),
  acquireTimeout: customAxis('none, or a duration in ms or s (e.g. 100ms, 1s)', (value) => {
    parseAcquireTimeout(value);
  }),
  cpus: CPUS_AXIS_TYPE,
  rate: customAxis('a number of requests per second above zero (e.g. 500, 2000)', (value) => {
    parseRate(value);
  }),
  latencyLimit: customAxis('none, or a duration in ms or s (e.g. 10ms)', (value) => {
    parseLatencyLimit(value);
  }),
};

/**
 * The benchmarks for one engine, in the order the docs list them (`queries` and `contention` name the
 * engine's drivers in their grids).
 */
export function pooledBenchmarks(engine: EngineName): SuiteDefinition<RunContext>['benchmarks'] {
  return {
    seed: seedBenchmark,
    job: jobBenchmark,
    limit: limitBenchmark,
    queries: createQueriesBenchmark(driverNames(engine)),
    contention: createContentionBenchmark(driverNames(engine)),
    rate: createRateBenchmark(driverNames(engine)),
  };
}

/**
 * Creates the pooled suite for one engine. The parent obtains the server once (url, testcontainers,
 * local binaries or embedded), sized for the planned pools, and hands its connection details to
 * every fork.
 *
 * @example
 * ```ts
 * // src/postgres-suite.ts
 * export default createSuite('postgres');
 * ```
 */
export function createSuite(
  engine: EngineName,
  benchmarks?: SuiteDefinition<RunContext>['benchmarks'],
): SuiteDefinition<RunContext> {
  const drivers = driverNames(engine);
  return defineDatabaseSuite(engine, {
    name: SUITE_NAME,
    description: 'Request/response access over a connection pool (Kysely over the driver pool)',
    // The engine's Node drivers, the default first.
    axes: { ...POOLED_AXES, driver: drivers },
    axisTypes: { ...POOLED_AXIS_TYPES, driver: choiceAxis(drivers) },
    // Two forks per combination (in shared rounds, taking turns, where a declared question compares
    // it), so every score includes fork-to-fork (run-to-run) noise, with few iterations each:
    // thrpt/sample benchmarks 1 warmup of 1500 ms + 2 measured iterations of 500 ms per fork.
    // Measured here without warmup, selectById's 250 ms iterations ran at 1.9×, 1.6× and 1.3× of
    // steady before settling after about a second, so the 500 ms warmup of earlier runs left the
    // first measured iteration 1.3–2× slow (inside the score); and a fork's own state (its process,
    // where it runs) varies its mean more than its 500 ms iterations do (log-variance 0.020 against
    // 0.012 each, warmed), so a second measured iteration buys less than a share of another fork
    // (Kalibera and Jones). Single-shot benchmarks set their own counts per fork. See the README's
    // time budget.
    iterations: {
      forks: 2,
      warmupIterations: 1,
      warmupTimeMs: 1500,
      measurementIterations: 2,
      measurementTimeMs: 500,
    },
    quick: {
      axes: {
        dataSize: [1000],
        poolSize: [10],
        partitions: [4],
        chunkSize: [DEFAULT_CHUNK_SIZE],
        concurrency: [10],
        acquireTimeout: ['100ms'],
        // The quota path too: the server's cgroup or container quota set, read back and lifted.
        cpus: [NO_CPU_QUOTA, '0.5'],
        rate: [500],
      },
      // A smoke run: every benchmark runs, verifies and reports once; 100 ms iterations still hold
      // hundreds of queries (or one 1000-request contention operation) each.
      iterations: {
        forks: 1,
        warmupIterations: 1,
        warmupTimeMs: 100,
        warmupBatchSize: 1,
        measurementIterations: 2,
        measurementTimeMs: 100,
      },
    },
    // The first pass takes about 9 minutes here; the rest goes to undetermined answers.
    budgetMs: POOLED_BUDGET_MS,
    // The answers name the default benchmarks; a suite built from others (a test's) declares none.
    ...(benchmarks === undefined ? { display: pooledDisplay(engine) } : {}),
    benchmarks: benchmarks ?? pooledBenchmarks(engine),
  });
}
