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
 * and wal_bytes (the WAL position as bytes since 0/0). A session publishes its statistics lazily (up
 * to 10 s after going idle on PostgreSQL 15+), so every pooled session is first told to flush them
 * (`pg_stat_force_next_flush()`); that adds one committed statement per pooled connection to
 * xact_commit, a known constant. Call it only while no benchmark work holds the pool.
 * MySQL: SHOW GLOBAL STATUS Com_insert, Innodb_rows_inserted (absent on MariaDB, so absent from the
 * result), Handler_write, Bytes_received, Innodb_data_writes — server-wide, so they include any other
 * client's work.
 */
export async function readServerCounters(pool: MeteredPool): Promise<Record<string, number>> {
  if (pool.engine === 'postgres') {
    await flushSessionStatistics(pool);
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

/**
 * Makes every session of the pool publish its pending statistics. All `size` connections are held
 * at once so each runs the statement on its own backend; the flush happens as each goes idle, before
 * its query returns. PostgreSQL < 15 has no such function (and flushes at transaction end anyway).
 */
async function flushSessionStatistics(pool: MeteredPool): Promise<void> {
  let held = 0;
  let releaseAll: () => void = () => undefined;
  const allHeld = new Promise<void>((resolve) => (releaseAll = resolve));
  await Promise.all(
    Array.from({ length: pool.size }, () =>
      pool.withConnection(async (connection) => {
        if (connection.engine === 'postgres') {
          await connection.client.query('SELECT pg_stat_force_next_flush()').catch((error: unknown) => {
            // 42883 undefined_function: PostgreSQL < 15 publishes at transaction end; nothing to force.
            if ((error as { code?: string }).code !== '42883') throw error;
          });
        }
        held += 1;
        if (held === pool.size) releaseAll();
        await allHeld;
      }),
    ),
  );
}
