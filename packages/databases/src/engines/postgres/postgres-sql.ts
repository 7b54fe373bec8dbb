import { sql } from 'kysely';
import type { EngineSql } from '../engine.js';

/** SQLSTATE of a statement the user has no privilege to run. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * PostgreSQL spellings: one TRUNCATE for all tables (restarting identities), VACUUM (ANALYZE), RETURNING ids,
 * CHECKPOINT to settle writes.
 */
export const POSTGRES_SQL: EngineSql = {
  integerCast: 'bigint',
  async truncate(db, tables) {
    await sql`TRUNCATE TABLE ${sql.join(tables.map((table) => sql.table(table)))} RESTART IDENTITY`.execute(
      db,
    );
  },
  async analyze(db, table) {
    // VACUUM as well: it sets the hint bits and the visibility map now, so a freshly seeded source
    // and one an earlier fork left (which autovacuum may have visited since) are the same table.
    await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
  },
  async insertJob(db, job) {
    const row = await db.insertInto('job_execution').values(job).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },
  async settleWrites(db) {
    try {
      await sql`CHECKPOINT`.execute(db);
      return true;
    } catch (error) {
      // 42501: neither superuser nor pg_checkpoint (a server the user names); measure unsettled then.
      if ((error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) return false;
      throw error;
    }
  },
};
