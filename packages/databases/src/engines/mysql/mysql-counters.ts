import { sql } from 'kysely';
import type { MeteredPool } from '../../types.js';
import type { EngineCounters } from '../engine.js';

/**
 * The MySQL global status counters reported as secondary metrics. MariaDB (10.11 here) has no
 * Innodb_rows_inserted; Handler_write counts written rows on both servers.
 */
const MYSQL_COUNTERS = [
  'Com_insert',
  'Innodb_rows_inserted',
  'Handler_write',
  'Bytes_received',
  'Innodb_data_writes',
] as const;

/**
 * MySQL: SHOW GLOBAL STATUS Com_insert, Innodb_rows_inserted (absent on MariaDB, so absent from the
 * result), Handler_write, Bytes_received, Innodb_data_writes — server-wide, so they include any other
 * client's work.
 */
async function readMysqlCounters(pool: MeteredPool): Promise<Record<string, number>> {
  const { rows } = await sql<{ Variable_name: string; Value: string }>`
    SHOW GLOBAL STATUS WHERE Variable_name IN (${sql.join([...MYSQL_COUNTERS])})
  `.execute(pool.db);
  return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}

/** MySQL's server-wide status counters. */
export const MYSQL_SERVER_COUNTERS: EngineCounters = { read: readMysqlCounters };
