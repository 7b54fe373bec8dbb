import { sql } from 'kysely';
import type { EngineSql } from '../engine.js';

/**
 * MySQL spellings: TRUNCATE one table at a time (it takes one; it also restarts AUTO_INCREMENT),
 * ANALYZE TABLE, and the generated id from the statement's insertId.
 */
export const MYSQL_SQL: EngineSql = {
  integerCast: 'SIGNED',
  async truncate(db, tables) {
    for (const table of tables) await sql`TRUNCATE TABLE ${sql.table(table)}`.execute(db);
  },
  async analyze(db, table) {
    await sql`ANALYZE TABLE ${sql.table(table)}`.execute(db);
  },
  async insertJob(db, job) {
    const result = await db.insertInto('job_execution').values(job).executeTakeFirstOrThrow();
    return Number(result.insertId);
  },
  // InnoDB has no statement that flushes and waits, short of changing global variables on a server
  // that may be the user's: it settles on its own.
  settleWrites: () => Promise.resolve(false),
};
