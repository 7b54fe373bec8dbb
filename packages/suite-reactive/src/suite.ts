import { PROVIDER_NAMES, startServer, type Engine, type ProviderName } from '@dbbench/databases';
import { DbbenchError, defineSuite, type Json, type SuiteDefinition } from '@dbbench/harness';
import { chunksBenchmark } from './benchmarks/chunks.js';
import { jobBenchmark } from './benchmarks/job.js';
import { memoryBenchmark } from './benchmarks/memory.js';
import { seedBenchmark } from './benchmarks/seed.js';
import { toConnectionContext, type ConnectionContext } from './connection-context.js';

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

/** Connections the server must accept beyond the largest pool: verification, counters and headroom. */
const CONNECTION_HEADROOM = 20;

const PROVIDER_CHOICES = ['auto', ...PROVIDER_NAMES] as const;

function parseProvider(value: string | undefined): ProviderName | 'auto' {
  const provider = value ?? 'auto';
  if (!(PROVIDER_CHOICES as readonly string[]).includes(provider)) {
    throw new DbbenchError(
      `--provider ${provider}: unknown provider; choose one of ${PROVIDER_CHOICES.join(', ')}`,
      {
        usage: true,
      },
    );
  }
  return provider as ProviderName | 'auto';
}

function parseReuse(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new DbbenchError(`--reuse ${value}: expected true or false`, { usage: true });
}

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
  const urlVariable = engine === 'postgres' ? 'DBBENCH_POSTGRES_URL' : 'DBBENCH_MYSQL_URL';
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
      provider: {
        description: 'where the database server comes from',
        choices: PROVIDER_CHOICES,
        default: 'auto',
        env: 'DBBENCH_PROVIDER',
      },
      url: {
        description: `server URL for the url provider (e.g. ${engine}://user@host:port/db)`,
        env: urlVariable,
      },
      reuse: {
        description: 'keep a testcontainers container for the next run (true/false)',
        default: 'false',
      },
    },
    async setupRun(options, log) {
      const server = await startServer(engine, {
        suite: SUITE_NAME,
        provider: parseProvider(options['provider']),
        ...(options['url'] === undefined ? {} : { url: options['url'] }),
        reuse: parseReuse(options['reuse']),
        minConnections: Math.max(...DEFAULT_AXES.poolSize) + CONNECTION_HEADROOM,
        log,
      });
      return {
        context: toConnectionContext(server.connection),
        // DatabaseInfo is plain JSON data (strings and a string map), declared as an interface.
        info: { database: server.info as unknown as Json },
        dispose: () => server.stop(),
      };
    },
    benchmarks: {
      seed: seedBenchmark,
      job: jobBenchmark,
      chunks: chunksBenchmark,
      memory: memoryBenchmark,
    },
  });
}
