import { sql } from 'kysely';
import type { MeteredPool } from '../../types.js';
import type { EngineCounters } from '../engine.js';

/**
 * PostgreSQL: xact_commit, tup_inserted, blks_read, blks_hit of pg_stat_database for this database,
 * and wal_bytes (the WAL position as bytes since 0/0). A session publishes its statistics lazily (up
 * to 10 s after going idle on PostgreSQL 15+), so every pooled session is first told to flush them
 * (`pg_stat_force_next_flush()`); that adds one committed statement per pooled connection to
 * xact_commit, a known constant. Call it only while no benchmark work holds the pool.
 */
async function readPostgresCounters(pool: MeteredPool): Promise<Record<string, number>> {
  await flushSessionStatistics(pool);
  const { rows } = await sql<Record<string, string | number>>`
    SELECT xact_commit, tup_inserted, blks_read, blks_hit,
           pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS wal_bytes
    FROM pg_stat_database WHERE datname = current_database()
  `.execute(pool.db);
  const row = rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)]));
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
      pool.withConnection(async (session) => {
        // Through the session, whatever its driver (the pool may be postgres.js's).
        await session.query('SELECT pg_stat_force_next_flush()').catch((error: unknown) => {
          // 42883 undefined_function: PostgreSQL < 15 publishes at transaction end; nothing to force.
          if ((error as { code?: string }).code !== '42883') throw error;
        });
        held += 1;
        if (held === pool.size) releaseAll();
        await allHeld;
      }),
    ),
  );
}

/** PostgreSQL's cumulative statistics of this database, plus WAL bytes. */
export const POSTGRES_SERVER_COUNTERS: EngineCounters = { read: readPostgresCounters };
