import { resetTarget, transformRow, verifyTarget, type MeteredPool, type Session } from '@dbbench/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStreamingJob } from '../src/job/streaming-job.js';
import { rangeReaderOf } from '../src/streams/engines/registry.js';
import { StreamCounters } from '../src/streams/stream-counters.js';
import {
  createTestDatabase,
  ENGINE_DRIVERS,
  seededPool,
  idleCountAfterSettling,
  type TestDatabase,
} from './test-database.js';

const POOL_SIZE = 4;

/** `count(*)` of source on this very connection (not through the pool). */
async function countSourceRows(session: Session): Promise<number> {
  const [row] = await session.query('select count(*) as n from source');
  return Number(row?.['n']);
}
const SOURCE_ROWS = 5000;

// What happens to connections when a stream stops early or breaks midway, on both engines.
describe.each(ENGINE_DRIVERS)('stream lifecycle on %s through %s', (engine, driver) => {
  let database: TestDatabase;
  let pool: MeteredPool;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    pool = await seededPool(database.connection, driver, POOL_SIZE, SOURCE_ROWS);
  });

  afterAll(async () => {
    await pool?.close();
    await database?.drop();
  });

  it('a consumer that stops early closes the cursor and gives the connection back, usable', async () => {
    const counters = new StreamCounters();
    const consumed = await pool.withConnection(async (connection) => {
      const reader = rangeReaderOf(pool)(connection, { start: 1, end: SOURCE_ROWS }, 100, (rows) =>
        counters.noteRead(rows),
      );
      let seen = 0;
      for await (const _row of reader.rows) {
        seen += 1;
        if (seen === 150) break;
      }
      await reader.close();
      return seen;
    });
    expect(consumed).toBe(150);
    // Far fewer rows than the range were pulled into this process.
    expect(counters.rowsRead).toBeLessThan(SOURCE_ROWS / 2);
    expect(await idleCountAfterSettling(pool)).toBe(POOL_SIZE);
    expect(pool.totalCount()).toBe(POOL_SIZE);
    // Every pooled connection answers a new query (none is stuck behind the abandoned stream).
    // All checked out at once, so each query runs on a different connection.
    const answers = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        pool.withConnection((connection) => countSourceRows(connection)),
      ),
    );
    expect(answers).toEqual(Array.from({ length: POOL_SIZE }, () => SOURCE_ROWS));
  });

  it('an error in the middle of a stream fails the job cleanly and the next run is unaffected', async () => {
    await resetTarget(pool);
    const failingId = 3210;
    const failed = runStreamingJob(pool, {
      partitions: 2,
      chunkSize: 100,
      transform: (row) => {
        if (row.id === failingId) throw new Error(`transform failed on row ${failingId}`);
        return transformRow(row);
      },
    });
    await expect(failed).rejects.toThrow(`transform failed on row ${failingId}`);
    expect(await idleCountAfterSettling(pool)).toBe(POOL_SIZE);
    expect(pool.totalCount()).toBe(POOL_SIZE);
    const statuses = await pool.db.selectFrom('job_execution').select('status').execute();
    expect(statuses.map((row) => row.status)).toEqual(['FAILED']);

    await resetTarget(pool);
    const result = await runStreamingJob(pool, { partitions: 2, chunkSize: 100 });
    expect(result.rowsWritten).toBe(SOURCE_ROWS);
    const verification = await verifyTarget(pool);
    expect(verification.ok, verification.message).toBe(true);
    expect(await idleCountAfterSettling(pool)).toBe(POOL_SIZE);
  });
});
