import type { MeteredPool } from '../types.js';

/**
 * Empties what a job writes (`target` and the job repository) so the next invocation starts from
 * the same state. TRUNCATE, not DELETE: constant time, no dead rows left for the next run to skip,
 * and the job ids restart.
 */
export async function resetTarget(pool: MeteredPool): Promise<void> {
  await pool.engine.sql.truncate(pool.db, ['target', 'partition_execution', 'job_execution']);
}

/** Empties `source` (re-fill it with `seedSource`). */
export async function resetSource(pool: MeteredPool): Promise<void> {
  await pool.engine.sql.truncate(pool.db, ['source']);
}

/** Exact row count of `source` or `target`. */
export async function countRows(pool: MeteredPool, table: 'source' | 'target'): Promise<number> {
  const { rows } = await pool.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('rows'))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string, MySQL as a number.
  return Number(rows);
}

/**
 * Settles the server's writing before a write invocation (outside the timed region): PostgreSQL
 * CHECKPOINTs, so no checkpoint starts during the measurement and WAL segments are recycled rather
 * than created (the server-side limit was bimodal without it: ~240 vs ~340 ms at 100k rows). See
 * `EngineSql.settleWrites`; resolves to whether the engine could.
 */
export function settleWrites(pool: MeteredPool): Promise<boolean> {
  return pool.engine.sql.settleWrites(pool.db);
}
