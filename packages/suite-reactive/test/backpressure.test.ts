import {
  createPool,
  createSchema,
  resetTarget,
  seedSource,
  verifyTarget,
  type MeteredPool,
} from '@dbbench/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_STREAM_HIGH_WATER_MARK, runStreamingJob } from '../src/job/streaming-job.js';
import { createTestDatabase, ENGINES, type TestDatabase } from './test-database.js';

const SOURCE_ROWS = 20_000;
const CHUNK_SIZE = 200;
const WRITE_DELAY_MS = 5;

/**
 * Rows that may legitimately sit in this process at once: the chunk the writer is collecting or
 * flushing; on PostgreSQL also one cursor batch (the reader fetches the next batch while the writer
 * flushes); and the object-mode buffers between them — the reader's Readable, the Transform's two
 * sides and the writer's queue, each up to a highWaterMark, plus one more as slack for the row in
 * hand at each stage. mysql2 pauses the socket when its Readable is full and holds parsed packets
 * back until resumed, so MySQL has no batch term. Observed here: 400 (PostgreSQL), 262 (MySQL).
 */
function readAheadBound(engine: string): number {
  const streamBuffers = 5 * ROW_STREAM_HIGH_WATER_MARK;
  return engine === 'postgres' ? 2 * CHUNK_SIZE + streamBuffers : CHUNK_SIZE + streamBuffers;
}

// With a writer 5 ms slower per chunk than the reader, rows read ahead must stay bounded by the chunk
// size and stream buffers, not by the 20000 rows the partition reads.
describe.each(ENGINES)('backpressure on %s', (engine) => {
  let database: TestDatabase;
  let pool: MeteredPool;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    pool = await createPool(database.connection, { size: 3 });
    await createSchema(pool);
    await seedSource(pool, SOURCE_ROWS);
  });

  afterAll(async () => {
    await pool?.close();
    await database?.drop();
  });

  it('keeps rows read ahead of a slow writer below a bound tied to the chunk size', async () => {
    await resetTarget(pool);
    const result = await runStreamingJob(pool, {
      partitions: 1,
      chunkSize: CHUNK_SIZE,
      writeDelayMs: WRITE_DELAY_MS,
    });
    const [partition] = result.partitions;
    expect(partition?.rowsWritten).toBe(SOURCE_ROWS);
    expect(partition?.chunksWritten).toBe(SOURCE_ROWS / CHUNK_SIZE);
    expect(partition?.maxReadAheadRows).toBeGreaterThanOrEqual(CHUNK_SIZE);
    expect(partition?.maxReadAheadRows).toBeLessThanOrEqual(readAheadBound(engine));
    const verification = await verifyTarget(pool);
    expect(verification.ok, verification.message).toBe(true);
  });
});
