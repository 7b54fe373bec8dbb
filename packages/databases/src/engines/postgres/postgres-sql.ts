import { sql } from 'kysely';
import type { EngineSql } from '../engine.js';

/** PostgreSQL spellings: one TRUNCATE for all tables (restarting identities), ANALYZE, RETURNING ids. */
export const POSTGRES_SQL: EngineSql = {
  integerCast: 'bigint',
  async truncate(db, tables) {
    await sql`TRUNCATE TABLE ${sql.join(tables.map((table) => sql.table(table)))} RESTART IDENTITY`.execute(
      db,
    );
  },
  async analyze(db, table) {
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  },
  async insertJob(db, job) {
    const row = await db.insertInto('job_execution').values(job).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },
};
