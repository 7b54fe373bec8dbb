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
 * Settles the server's writing (never timed): PostgreSQL CHECKPOINTs, so a checkpoint that earlier
 * writes set off does not spread its writes over the measurement that follows, and WAL segments are
 * recycled rather than created. See `EngineSql.settleWrites`; resolves to whether the engine could.
 */
export function settleWrites(pool: MeteredPool): Promise<boolean> {
  return pool.engine.sql.settleWrites(pool.db);
}
