import { sql } from 'kysely';
import type { MeteredPool } from '../types.js';
import { userRangeError } from '../pool/user-range-error.js';
import { loadSourceRows } from './mysql-seed.js';
import { copySourceRows } from './postgres-seed.js';

/**
 * Fills `source` with `count` generated rows (ids 1..count) on the fast, untimed setup path: empty
 * it, bulk-load it (COPY on PostgreSQL, LOAD DATA LOCAL on MySQL), then ANALYZE, so the first
 * measured query does not plan against stale statistics. 100k rows take about a second here.
 * Re-seeding is also how a benchmark that destroyed `source` restores it: the rows are deterministic.
 */
export async function seedSource(pool: MeteredPool, count: number): Promise<void> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw userRangeError(`dataSize must be a non-negative integer, got ${count}.`);
  }
  await sql`TRUNCATE TABLE source`.execute(pool.db);
  await pool.withConnection(async (raw) => {
    if (raw.engine === 'postgres') await copySourceRows(raw.client, count);
    else await loadSourceRows(raw.connection, count);
  });
  await sql.raw(pool.engine === 'postgres' ? 'ANALYZE source' : 'ANALYZE TABLE source').execute(pool.db);
}
