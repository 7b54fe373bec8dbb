import type { Kysely } from 'kysely';
import type { DbbenchDatabase } from '../types.js';
import { TARGET_COLUMNS, type TargetRow } from './transform-row.js';

/** Bind parameters one statement may carry: PostgreSQL's wire protocol counts them in 16 bits. */
const MAX_BIND_PARAMETERS = 65_535;

/**
 * Most rows one multi-row INSERT of `columns` columns may carry, on every engine.
 *
 * PostgreSQL: floor(65535 / columns), a hard protocol limit. MySQL: the same bound, which is the
 * placeholder limit of a prepared `execute()`. Kysely and mysql2's `.query('… VALUES ?', [rows])`
 * expand values client-side instead, so they are bounded only by the server's max_allowed_packet
 * (16 MiB on MariaDB 10.11, 64 MiB on MySQL 8); keeping the prepared-statement bound keeps one code
 * path and statements of a few hundred kilobytes, far inside it.
 */
export function maxRowsPerStatement(columns: number): number {
  if (!Number.isInteger(columns) || columns < 1) {
    throw new RangeError(`A row needs at least one column, got ${columns}.`);
  }
  return Math.floor(MAX_BIND_PARAMETERS / columns);
}

/**
 * Writes rows to `target` as multi-row INSERTs through Kysely, as few statements as the bind
 * limit allows. Pass a transaction to make it atomic with a checkpoint.
 *
 * @returns rows written
 */
export async function insertTargetRows(
  executor: Kysely<DbbenchDatabase>,
  rows: readonly TargetRow[],
): Promise<number> {
  const perStatement = maxRowsPerStatement(TARGET_COLUMNS.length);
  for (let offset = 0; offset < rows.length; offset += perStatement) {
    await executor
      .insertInto('target')
      .values(rows.slice(offset, offset + perStatement))
      .execute();
  }
  return rows.length;
}
