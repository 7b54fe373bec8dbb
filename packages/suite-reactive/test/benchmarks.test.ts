import { driverNames } from '@dbbench/databases';
import { metricValue, runProfiledIteration } from '@dbbench/suite-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunksBenchmark } from '../src/benchmarks/chunks.js';
import { createJobBenchmark } from '../src/benchmarks/job.js';
import { memoryBenchmark } from '../src/benchmarks/memory.js';
import { seedBenchmark } from '../src/benchmarks/seed.js';
import { contextFor, createTestDatabase, ENGINES, runLifecycle, type TestDatabase } from './test-database.js';

// Every benchmark's full lifecycle at the smallest size, verification included, on both engines.
describe.each(ENGINES)('benchmarks on %s', (engine) => {
  let database: TestDatabase;
  const drivers = driverNames(engine);
  const jobBenchmark = createJobBenchmark(drivers);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('seed streams every row and passes its checksum, twice in a row', async () => {
    const ctx = contextFor(database.connection, { dataSize: '1000', poolSize: '2' });
    await runLifecycle(seedBenchmark, ctx, 2);
  });

  it.each(drivers)(
    'job on %s writes every row through several partitions and passes target and checkpoint checks',
    async (driver) => {
      const ctx = contextFor(database.connection, {
        dataSize: '1000',
        poolSize: '3',
        partitions: '4',
        driver,
      });
      const [first, second] = await runLifecycle(jobBenchmark, ctx, 2);
      expect(first?.rowsWritten).toBe(1000);
      // poolSize 3 lets two partitions stream at once; the other two waited their turn.
      expect(first?.concurrency).toBe(2);
      expect(second?.partitions).toHaveLength(4);
      expect(second?.timeToFirstRowMs).toBeGreaterThan(0);
    },
  );

  it('chunks runs with a chunk larger than the data set', async () => {
    const ctx = contextFor(database.connection, { dataSize: '1000', chunkSize: '5000' });
    const [result] = await runLifecycle(chunksBenchmark, ctx, 1);
    expect(result?.partitions[0]?.chunksWritten).toBe(1);
  });

  it('job reports no new connections for a pre-warmed pool, and its memory peaks', async () => {
    // The pool's pre-warm happens in setupTrial: an iteration that opens none must report 0, not poolSize.
    const ctx = contextFor(database.connection, {
      dataSize: '1000',
      poolSize: '10',
      partitions: '4',
      driver: drivers[0] ?? '',
    });
    const state = await jobBenchmark.setupTrial(ctx);
    try {
      expect(jobBenchmark.facts?.(state)).toMatchObject({ driver: { name: drivers[0] } });
      const samples = await runProfiledIteration(jobBenchmark, state, ctx);
      expect(metricValue(samples, 'pool.connectionsOpened')).toBe(0);
      expect(metricValue(samples, 'rows/s')).toBeGreaterThan(0);
      expect(metricValue(samples, 'memory.peakHeap')).toBeGreaterThan(0);
    } finally {
      await jobBenchmark.teardownTrial?.(state, ctx);
    }
  });

  it('memory runs the slow-writer job and reports its peaks', async () => {
    const ctx = contextFor(database.connection, { dataSize: '1000' });
    const [result] = await runLifecycle(memoryBenchmark, ctx, 1);
    expect(result?.partitions[0]?.chunksWritten).toBe(2);
  });
});
