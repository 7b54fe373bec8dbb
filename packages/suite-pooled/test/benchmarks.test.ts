import { driverNames, type StartedServer } from '@dbbench/databases';
import { metricValue as metric } from '@dbbench/suite-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentionBenchmark } from '../src/benchmarks/contention.js';
import { jobBenchmark } from '../src/benchmarks/job.js';
import { WRITER_NAMES } from '../src/job/job-writers.js';
import { limitBenchmark } from '../src/benchmarks/limit.js';
import { createQueriesBenchmark, QUERY_KINDS } from '../src/benchmarks/queries.js';
import { CLIENT_KINDS } from '../src/queries/query-clients.js';
import { seedBenchmark } from '../src/benchmarks/seed.js';
import { SEED_STRATEGIES } from '../src/seed/seed-strategies.js';
import {
  ENGINES,
  benchmarkContext,
  runLifecycle,
  runProfiledIteration,
  startTestServer,
} from './support/test-servers.js';

// The smallest default sizes: every benchmark's verification must pass on both engines.
const DATA_SIZE = '1000';
const POOL_SIZE = '4';

for (const engine of ENGINES) {
  describe(`pooled benchmarks on ${engine}`, () => {
    let server: StartedServer;
    const drivers = driverNames(engine);
    const queriesBenchmark = createQueriesBenchmark(drivers);
    const contentionBenchmark = createContentionBenchmark(drivers);

    beforeAll(async () => {
      server = await startTestServer(engine);
    });

    afterAll(async () => {
      await server?.stop();
    });

    it.each(SEED_STRATEGIES)('seed %s loads and verifies every row', async (strategy) => {
      const ctx = benchmarkContext(server, { dataSize: DATA_SIZE, strategy });
      const { results } = await runLifecycle(seedBenchmark, ctx, { invocations: 2 });
      expect(results).toEqual([1000, 1000]);
    });

    it.each(WRITER_NAMES)(
      'job with the %s writer moves every row, verified by count, checksum and checkpoints',
      async (writer) => {
        const ctx = benchmarkContext(server, {
          dataSize: DATA_SIZE,
          poolSize: POOL_SIZE,
          partitions: '4',
          chunkSize: '100',
          writer,
        });
        const { results } = await runLifecycle(jobBenchmark, ctx, { invocations: 2 });
        expect(results.map((result) => result.rowsWritten)).toEqual([1000, 1000]);
        expect(results[1]?.ranges).toHaveLength(4);
      },
    );

    it('job on a pool smaller than its partitions reports the timed acquisitions and their waits', async () => {
      const tally = async (poolSize: string) => {
        const ctx = benchmarkContext(server, {
          dataSize: DATA_SIZE,
          poolSize,
          partitions: '8',
          chunkSize: '100',
          writer: 'atomic',
        });
        const state = await jobBenchmark.setupTrial(ctx);
        try {
          const samples = await runProfiledIteration(jobBenchmark, state, ctx);
          return {
            acquisitions: metric(samples, 'pool.acquisitions'),
            total: metric(samples, 'pool.acquireWait.total'),
            perPartition: metric(samples, 'pool.acquireWait.perPartition'),
          };
        } finally {
          await jobBenchmark.teardownTrial?.(state, ctx);
        }
      };
      const starved = await tally('1');
      const roomy = await tally('10');
      // 125 rows a partition: two pages (100 and a short, last 25) read and two chunks written in each
      // of 8 partitions, plus the job's own repository rows; the same work on either pool. The reset
      // before and the verification after borrow too, untimed, and are not counted.
      expect(starved.acquisitions).toBe(roomy.acquisitions);
      expect(starved.acquisitions).toBeGreaterThanOrEqual(8 * 2);
      expect(starved.perPartition).toBeCloseTo(starved.total / 8, 6);
      // Eight partitions on one connection: seven always wait, so the waits add up to more than on ten.
      expect(starved.total).toBeGreaterThan(roomy.total);
      expect(starved.total).toBeGreaterThan(0);
    });

    it('limit inserts every row server-side and verifies it', async () => {
      const ctx = benchmarkContext(server, { dataSize: DATA_SIZE });
      const { results } = await runLifecycle(limitBenchmark, ctx, { invocations: 2 });
      expect(results).toEqual([1000, 1000]);
    });

    it('limit reports rows/s and the server-side work of the iteration', async () => {
      const ctx = benchmarkContext(server, { dataSize: DATA_SIZE });
      const state = await limitBenchmark.setupTrial(ctx);
      try {
        const samples = await runProfiledIteration(limitBenchmark, state, ctx);
        expect(metric(samples, 'rows/s')).toBeGreaterThan(0);
        // Rows written by the server in this iteration, as its own counters saw them.
        const rowsCounter = engine === 'postgres' ? 'server.tup_inserted' : 'server.Handler_write';
        expect(metric(samples, rowsCounter)).toBeGreaterThanOrEqual(1000);
        expect(metric(samples, 'gc.alloc.rate.norm')).toBeGreaterThan(0);
      } finally {
        await limitBenchmark.teardownTrial?.(state, ctx);
      }
    });

    const clientQueries = drivers.flatMap((driver) =>
      CLIENT_KINDS.flatMap((client) =>
        QUERY_KINDS.filter((query) => client !== 'driver' || query !== 'insertBatchRollback').map(
          (query) => [driver, client, query] as const,
        ),
      ),
    );
    it.each(clientQueries)(
      'queries on %s through %s: %s verifies every invocation and iteration, and records the driver',
      async (driver, client, query) => {
        const ctx = benchmarkContext(server, {
          query,
          client,
          driver,
          statements: 'unprepared',
          poolSize: POOL_SIZE,
        });
        const { results } = await runLifecycle(queriesBenchmark, ctx, { iterations: 2, invocations: 20 });
        expect(results).toHaveLength(40);
        const state = await queriesBenchmark.setupTrial(ctx);
        try {
          const facts = queriesBenchmark.facts?.(state);
          const recorded = facts?.['driver'] as { name?: unknown; version?: unknown } | undefined;
          expect(recorded?.name).toBe(driver);
          expect(String(recorded?.version)).toMatch(/^\d+\.\d+/);
        } finally {
          await queriesBenchmark.teardownTrial?.(state, ctx);
        }
      },
    );

    it('queries: the raw call sends one counted statement per request, the driver pool none dbbench sees', async () => {
      const statementsSent = async (client: string, driver = drivers[0] ?? '', statements = 'unprepared') => {
        const ctx = benchmarkContext(server, {
          query: 'selectById',
          client,
          driver,
          statements,
          poolSize: POOL_SIZE,
        });
        const state = await queriesBenchmark.setupTrial(ctx);
        try {
          const samples = await runProfiledIteration(queriesBenchmark, state, ctx);
          return samples.find((sample) => sample.name === 'work.statements')?.value;
        } finally {
          await queriesBenchmark.teardownTrial?.(state, ctx);
        }
      };
      expect(await statementsSent('raw')).toBe(1);
      expect(await statementsSent('kysely')).toBe(1);
      // The second driver's requests are metered through its own pool, one statement each too.
      expect(await statementsSent('raw', drivers[1])).toBe(1);
      expect(await statementsSent('kysely', drivers[1])).toBe(1);
      // Prepared: still one statement per request (the preparation is the driver's, once per connection).
      expect(await statementsSent('raw', drivers[0], 'prepared')).toBe(1);
      expect(await statementsSent('raw', drivers[1], 'prepared')).toBe(1);
      // Not metered: no work counters at all rather than a misleading zero.
      expect(await statementsSent('driver')).toBeUndefined();
    });

    it('queries refuses a transaction on the driver pool, saying which client can run it', async () => {
      const ctx = benchmarkContext(server, {
        query: 'insertBatchRollback',
        client: 'driver',
        driver: drivers[0] ?? '',
        statements: 'unprepared',
        poolSize: POOL_SIZE,
      });
      await expect(queriesBenchmark.setupTrial(ctx)).rejects.toThrow(/client=driver.*use client=raw/);
    });

    it.each(drivers)(
      'queries on %s sends prepared statements through the raw call and the driver pool, verified',
      async (driver) => {
        for (const client of ['raw', 'driver']) {
          const ctx = benchmarkContext(server, {
            query: 'selectById',
            client,
            driver,
            statements: 'prepared',
            poolSize: POOL_SIZE,
          });
          const { results } = await runLifecycle(queriesBenchmark, ctx, { iterations: 2, invocations: 20 });
          expect(results).toHaveLength(40);
        }
      },
    );

    it('queries refuses prepared statements through Kysely, saying which clients send them', async () => {
      const ctx = benchmarkContext(server, {
        query: 'selectById',
        client: 'kysely',
        driver: drivers[0] ?? '',
        statements: 'prepared',
        poolSize: POOL_SIZE,
      });
      await expect(queriesBenchmark.setupTrial(ctx)).rejects.toThrow(
        /statements=prepared runs with client=raw or client=driver/,
      );
    });

    it.each(drivers)(
      'contention on %s reports throughput, latency, acquire waits and a full success rate',
      async (driver) => {
        const ctx = benchmarkContext(server, {
          poolSize: POOL_SIZE,
          concurrency: '10',
          acquireTimeout: '1s',
          driver,
        });
        const state = await contentionBenchmark.setupTrial(ctx);
        try {
          expect(contentionBenchmark.facts?.(state)).toMatchObject({ driver: { name: driver } });
          const samples = await runProfiledIteration(contentionBenchmark, state, ctx);
          expect(metric(samples, 'requests/s')).toBeGreaterThan(0);
          expect(metric(samples, 'successRate')).toBe(100);
          expect(metric(samples, 'timeouts')).toBe(0);
          expect(metric(samples, 'latency.p99')).toBeGreaterThanOrEqual(metric(samples, 'latency.p50'));
          expect(metric(samples, 'pool.acquireWait.p95')).toBeGreaterThanOrEqual(0);
          expect(metric(samples, 'pool.connectionsOpened')).toBe(0);
          expect(samples.some((sample) => sample.name.startsWith('server.'))).toBe(true);
        } finally {
          await contentionBenchmark.teardownTrial?.(state, ctx);
        }
      },
    );

    // 1000 callers on one connection queue for far longer than 10 ms, whatever the machine's speed.
    it('contention on a 1-connection pool with a 10 ms acquire timeout records timeouts without hanging', async () => {
      const ctx = benchmarkContext(server, {
        poolSize: '1',
        concurrency: '1000',
        acquireTimeout: '10ms',
        driver: drivers[0] ?? '',
      });
      const state = await contentionBenchmark.setupTrial(ctx);
      try {
        const samples = await runProfiledIteration(contentionBenchmark, state, ctx);
        expect(metric(samples, 'timeouts')).toBeGreaterThan(0);
        expect(metric(samples, 'successRate')).toBeLessThan(100);
        expect(metric(samples, 'successRate')).toBeGreaterThan(0);
        expect(state.pool.metrics().acquireTimeouts).toBeGreaterThan(0);
      } finally {
        await contentionBenchmark.teardownTrial?.(state, ctx);
      }
    });
  });
}
