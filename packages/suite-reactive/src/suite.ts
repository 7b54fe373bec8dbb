import { driverNames, type EngineName } from '@dbbench/databases';
import { choiceAxis, integerAxis, type SuiteDefinition } from '@dbbench/harness';
import { defineDatabaseSuite, MAX_POOL_SIZE, type RunContext } from '@dbbench/suite-kit';
import { chunksBenchmark } from './benchmarks/chunks.js';
import { createJobBenchmark } from './benchmarks/job.js';
import { reactiveDisplay } from './display.js';
import { memoryBenchmark } from './benchmarks/memory.js';
import { seedBenchmark } from './benchmarks/seed.js';
import { MIN_STREAMING_POOL_SIZE } from './job/partition-concurrency.js';

/** The suite's name in reports and docs. */
export const SUITE_NAME = 'reactive';

/** Default axes: the shared three (the same as the pooled suite's) plus this suite's chunkSize. */
export const DEFAULT_AXES = {
  dataSize: [1000, 10000, 100000],
  poolSize: [10, 30, 60],
  partitions: [1, 4, 8],
  chunkSize: [100, 500, 5000],
} as const;

/** The `--quick` profile: one small value per axis and two measured runs, for smoke tests and CI. */
export const QUICK_AXES = {
  dataSize: [1000],
  poolSize: [10],
  partitions: [4],
  chunkSize: [500],
} as const;

/**
 * Types of this suite's axes beyond the shared ones: the streaming job needs a connection for a
 * reader and one for its flushes, so `-p poolSize=1` is refused before a server starts instead of
 * failing inside a timed invocation (the bound is {@link MIN_STREAMING_POOL_SIZE}, stated once).
 */
export const REACTIVE_AXIS_TYPES = {
  poolSize: integerAxis({ min: MIN_STREAMING_POOL_SIZE, max: MAX_POOL_SIZE }),
};

/** Wall time of a full default run of this suite (see the README's time budget). */
export const REACTIVE_BUDGET_MS = 4.5 * 60_000;

/**
 * The reactive-driver suite for one engine: cursor streams with backpressure (seed, job, chunks,
 * memory). The parent obtains one server for the whole run and hands its connection details to every
 * fork; each fork opens its own pool.
 *
 * @example
 * ```ts
 * export default createSuite('postgres');
 * ```
 */
export function createSuite(engine: EngineName): SuiteDefinition<RunContext> {
  const drivers = driverNames(engine);
  return defineDatabaseSuite(engine, {
    name: SUITE_NAME,
    description:
      'Reactive-driver style: per-partition cursor streams piped through a transform into a chunked writer, with backpressure',
    // The engine's Node drivers, the default first (the job's axis; the others use the first).
    axes: { ...DEFAULT_AXES, driver: drivers },
    axisTypes: { ...REACTIVE_AXIS_TYPES, driver: choiceAxis(drivers) },
    // Two forks per combination (three, in shared rounds, where a declared question compares it), so
    // every score includes fork-to-fork noise.
    iterations: { forks: 2 },
    // With the pooled suite's, within 15 minutes per engine here; after the first pass (about 3
    // minutes) the rest goes to undetermined answers.
    budgetMs: REACTIVE_BUDGET_MS,
    quick: {
      axes: QUICK_AXES,
      iterations: { forks: 1, warmupIterations: 1, warmupBatchSize: 1, measurementIterations: 2 },
    },
    // chunks and memory run at a fixed pool of 10 connections (seed on one).
    fixedPoolSize: 10,
    display: reactiveDisplay(engine),
    benchmarks: {
      seed: seedBenchmark,
      job: createJobBenchmark(drivers),
      chunks: chunksBenchmark,
      memory: memoryBenchmark,
    },
  });
}
