import { resetTarget, verifyTarget, type MeteredPool } from '@dbbench/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_STREAM_HIGH_WATER_MARK, runStreamingJob } from '../src/job/streaming-job.js';
import { createTestDatabase, ENGINE_DRIVERS, seededPool, type TestDatabase } from './test-database.js';

const SOURCE_ROWS = 20_000;
const CHUNK_SIZE = 200;
const WRITE_DELAY_MS = 5;

/**
 * Rows that may legitimately sit in this process at once: the chunk the writer is collecting or
 * flushing; on PostgreSQL also one cursor batch (the reader fetches the next batch while the writer
 * flushes); and the object-mode buffers between them — the reader's Readable, the Transform's two
 * sides and the writer's queue, each up to a highWaterMark, plus one more as slack for the row in
 * hand at each stage. mysql2 pauses the socket when its Readable is full and holds parsed packets
 * back until resumed, so it has no batch term; the MariaDB connector pauses the socket too, but
 * hands over every row of the socket read it is parsing first: up to one read (64 KiB) of rows, at
 * least 40 bytes each. Observed here: 400 (pg), 262 (mysql2), 1229 (MariaDB connector) — each far
 * below the 20 000 rows the partition reads.
 */
function readAheadBound(engine: string, driver: string): number {
  const streamBuffers = 5 * ROW_STREAM_HIGH_WATER_MARK;
  if (engine === 'postgres') return 2 * CHUNK_SIZE + streamBuffers;
  const socketRead = driver === 'mariadb' ? Math.ceil((64 * 1024) / 40) : 0;
  return CHUNK_SIZE + streamBuffers + socketRead;
}

// With a writer 5 ms slower per chunk than the reader, rows read ahead must stay bounded by the chunk
// size and stream buffers, not by the 20000 rows the partition reads.
describe.each(ENGINE_DRIVERS)('backpressure on %s through %s', (engine, driver) => {
  let database: TestDatabase;
  let pool: MeteredPool;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    pool = await seededPool(database.connection, driver, 3, SOURCE_ROWS);
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
    expect(partition?.maxReadAheadRows).toBeLessThanOrEqual(readAheadBound(engine, driver));
    const verification = await verifyTarget(pool);
    expect(verification.ok, verification.message).toBe(true);
  });
});
