import { serverOptionFields, startServerForRun, type Engine } from '@dbbench/databases';
import { defineSuite, type SuiteDefinition } from '@dbbench/harness';
import { chunksBenchmark } from './benchmarks/chunks.js';
import { jobBenchmark } from './benchmarks/job.js';
import { memoryBenchmark } from './benchmarks/memory.js';
import { seedBenchmark } from './benchmarks/seed.js';
import type { ConnectionContext } from './connection-context.js';

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
 * The reactive-driver suite for one engine: cursor streams with backpressure (seed, job, chunks,
 * memory). The parent obtains one server for the whole run and hands its connection details to every
 * fork; each fork opens its own pool.
 *
 * @example
 * ```ts
 * export default createSuite('postgres');
 * ```
 */
export function createSuite(engine: Engine): SuiteDefinition<ConnectionContext> {
  const serverOptions = serverOptionFields(engine);
  return defineSuite<ConnectionContext>({
    name: SUITE_NAME,
    database: engine,
    description:
      'Reactive-driver style: per-partition cursor streams piped through a transform into a chunked writer, with backpressure',
    axes: DEFAULT_AXES,
    quick: {
      axes: QUICK_AXES,
      iterations: { warmupIterations: 1, measurementIterations: 2 },
    },
    options: {
      provider: { ...serverOptions.provider, description: 'where the database server comes from' },
      url: {
        ...serverOptions.url,
        description: `server URL for the url provider (e.g. ${engine}://user@host:port/db)`,
      },
      reuse: {
        ...serverOptions.reuse,
        description: 'keep a testcontainers container for the next run (true/false)',
      },
    },
    setupRun: (options, log) =>
      startServerForRun(engine, { suite: SUITE_NAME, poolSizes: DEFAULT_AXES.poolSize }, options, log),
    benchmarks: {
      seed: seedBenchmark,
      job: jobBenchmark,
      chunks: chunksBenchmark,
      memory: memoryBenchmark,
    },
  });
}
