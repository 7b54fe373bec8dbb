import { sql } from 'kysely';
import type { MeteredPool } from '../types.js';

/**
 * The MySQL global status counters a benchmark reports as secondary metrics. MariaDB (10.11 here)
 * has no Innodb_rows_inserted; Handler_write counts written rows on both servers.
 */
const MYSQL_COUNTERS = [
  'Com_insert',
  'Innodb_rows_inserted',
  'Handler_write',
  'Bytes_received',
  'Innodb_data_writes',
] as const;

/**
 * Server-side work counters, read before and after a measurement so a benchmark can report their
 * difference (statements, rows, I/O, WAL) next to its timings. Names are the server's own.
 *
 * PostgreSQL: xact_commit, tup_inserted, blks_read, blks_hit of pg_stat_database for this database,
 * and wal_bytes (the WAL position as bytes since 0/0). These statistics reach the view when a
 * session flushes them (at most once a second while busy), so diff them over runs, not statements.
 * MySQL: SHOW GLOBAL STATUS Com_insert, Innodb_rows_inserted (absent on MariaDB, so absent from the
 * result), Handler_write, Bytes_received, Innodb_data_writes — server-wide, so they include any other
 * client's work.
 */
export async function readServerCounters(pool: MeteredPool): Promise<Record<string, number>> {
  if (pool.engine === 'postgres') {
    const { rows } = await sql<Record<string, string | number>>`
      SELECT xact_commit, tup_inserted, blks_read, blks_hit,
             pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS wal_bytes
      FROM pg_stat_database WHERE datname = current_database()
    `.execute(pool.db);
    const row = rows[0] ?? {};
    return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)]));
  }
  const { rows } = await sql<{ Variable_name: string; Value: string }>`
    SHOW GLOBAL STATUS WHERE Variable_name IN (${sql.join([...MYSQL_COUNTERS])})
  `.execute(pool.db);
  return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}
