/**
 * The raw call a session makes (`Session.execute`, the call Kysely's dialect makes) and the bare
 * driver pool, on both engines: the same SQL text Kysely compiles returns the same rows through
 * both, writes report their affected rows, the metered path counts the statement and the bare one
 * is invisible to dbbench's meter, and the bare pool opens every connection before it is used.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBarePool, createPool as createEnginePool, driverNames } from '../../src/pool/index.js';
import type { MeteredPool, PoolOptions, Session } from '../../src/types.js';
import { createScratchDatabase, ENGINES, type ScratchDatabase } from './scratch-database.js';

/**
 * The ids of the sessions the server sees on the scratch database. Ids, not a count: a connection an
 * earlier test closed may still be listed for a moment (MariaDB drops its thread after the quit),
 * so a count taken before and after can differ by it; a new connection always gets a new id.
 */
async function sessionIds(engine: string, database: string, pool: MeteredPool): Promise<string[]> {
  const query =
    engine === 'postgres'
      ? sql<{ id: string | number }>`SELECT pid AS id FROM pg_stat_activity WHERE datname = ${database}`
      : sql<{ id: string | number }>`SELECT id FROM information_schema.processlist WHERE db = ${database}`;
  return (await query.execute(pool.db)).rows.map((row) => String(row.id));
}

/**
 * Statements this session has prepared on the server: PostgreSQL's view of the session's prepared
 * statements; MySQL/MariaDB's count of COM_STMT_PREPARE commands the session sent.
 */
async function preparedOnServer(session: Session): Promise<number> {
  if (session.engine.name === 'postgres') {
    const rows = await session.query('SELECT count(*) AS n FROM pg_prepared_statements');
    return Number(rows[0]?.['n']);
  }
  const rows = await session.query("SHOW SESSION STATUS LIKE 'Com_stmt_prepare'");
  return Number(rows[0]?.['Value']);
}

for (const engine of ENGINES) {
  for (const driver of driverNames(engine)) {
    const createPool = (connection: ScratchDatabase['connection'], options: PoolOptions) =>
      createEnginePool(connection, { ...options, driver });
    describe(`raw statements and the bare pool on ${engine} through ${driver}`, () => {
      let scratch: ScratchDatabase;
      beforeAll(async () => {
        scratch = await createScratchDatabase(engine, 'bare');
        await using pool = await createPool(scratch.connection, { size: 1 });
        await sql`CREATE TABLE pairs (id INT PRIMARY KEY, label VARCHAR(20) NOT NULL)`.execute(pool.db);
        await sql`INSERT INTO pairs (id, label) VALUES (1, 'one'), (2, 'two')`.execute(pool.db);
      });
      afterAll(async () => {
        await scratch?.drop();
      });

      it('runs the SQL Kysely compiles, with new values, on a metered session: same rows, counted', async () => {
        await using pool = await createPool(scratch.connection, { size: 1 });
        const compiled = pool.db.selectFrom('source').selectAll().where('id', '=', 1).compile();
        const text = compiled.sql.replace(/"source"|`source`/, engine === 'postgres' ? '"pairs"' : '`pairs`');
        const before = pool.work().statements;
        const result = await pool.withConnection((session) => session.execute(text, [2]));
        expect(pool.driver.name).toBe(driver);
        expect(pool.driver.version).toMatch(/^\d+\.\d+\.\d+/);
        expect(result.rows).toEqual([{ id: 2, label: 'two' }]);
        expect(pool.work().statements - before).toBe(1);
        expect(pool.metrics().acquisitions).toBe(1);

        const write = await pool.withConnection((session) =>
          session.execute(
            engine === 'postgres'
              ? 'INSERT INTO pairs (id, label) VALUES ($1, $2)'
              : 'INSERT INTO pairs (id, label) VALUES (?, ?)',
            [3, 'three'],
          ),
        );
        expect(write).toEqual({ rows: [], affectedRows: 1 });
      });

      it('opens the bare pool pre-warmed and runs statements with nothing of the meter', async () => {
        await using metered = await createPool(scratch.connection, { size: 1 });
        const before = await sessionIds(engine, scratch.connection.database, metered);
        const bare = await createBarePool(scratch.connection, 3, driver);
        expect(bare.driver.name).toBe(driver);
        try {
          const after = await sessionIds(engine, scratch.connection.database, metered);
          // All three connections are open before the first statement.
          expect(after.filter((id) => !before.includes(id))).toHaveLength(3);
          const select =
            engine === 'postgres'
              ? 'SELECT id, label FROM pairs WHERE id = $1'
              : 'SELECT id, label FROM pairs WHERE id = ?';
          const acquisitions = metered.metrics().acquisitions;
          const results = await Promise.all([1, 2, 1].map((id) => bare.execute(select, [id])));
          expect(results.map((r) => r.rows[0]?.['label'])).toEqual(['one', 'two', 'one']);
          const remove = await bare.execute(
            engine === 'postgres' ? 'DELETE FROM pairs WHERE id > $1' : 'DELETE FROM pairs WHERE id > ?',
            [2],
          );
          expect(remove.affectedRows).toBeGreaterThanOrEqual(0);
          // The metered pool's meter saw none of it.
          expect(metered.metrics().acquisitions).toBe(acquisitions);
        } finally {
          await bare.close();
        }
      });

      it('refuses a bare pool of no connections with a sentence, not a driver error', async () => {
        await expect(createBarePool(scratch.connection, 0, driver)).rejects.toThrow(
          /positive integer.*poolSize/,
        );
      });

      it('sends prepared statements with the same results, prepared once per connection', async () => {
        const select =
          engine === 'postgres'
            ? 'SELECT id, label FROM pairs WHERE id = $1'
            : 'SELECT id, label FROM pairs WHERE id = ?';
        await using pool = await createPool(scratch.connection, { size: 1 });
        const viaSession = await pool.withConnection(async (session) => [
          await session.execute(select, [1], { prepared: true }),
          await session.execute(select, [2], { prepared: true }),
        ]);
        // The server holds a prepared statement for this connection only after a prepared execution.
        const prepared = await pool.withConnection(async (session) => {
          // A text this connection has not prepared yet.
          const fresh = `${select} AND label <> ''`;
          const before = await preparedOnServer(session);
          await session.execute(fresh, [1]);
          const afterUnprepared = await preparedOnServer(session);
          await session.execute(fresh, [1], { prepared: true });
          return {
            unprepared: afterUnprepared - before,
            prepared: (await preparedOnServer(session)) - afterUnprepared,
          };
        });
        expect(prepared).toEqual({ unprepared: 0, prepared: 1 });
        expect(viaSession.map((result) => result.rows)).toEqual([
          [{ id: 1, label: 'one' }],
          [{ id: 2, label: 'two' }],
        ]);
        const bare = await createBarePool(scratch.connection, 2, driver);
        try {
          const results = await Promise.all(
            [2, 1, 2].map((id) => bare.execute(select, [id], { prepared: true })),
          );
          expect(results.map((result) => result.rows[0]?.['label'])).toEqual(['two', 'one', 'two']);
        } finally {
          await bare.close();
        }
      });

      it('refuses a driver the engine does not have, naming the ones it has', async () => {
        const other = engine === 'postgres' ? 'mariadb' : 'postgresjs';
        await expect(createEnginePool(scratch.connection, { size: 1, driver: other })).rejects.toThrow(
          new RegExp(`driver=${other} is not a .* driver here; use one of ${driverNames(engine).join(', ')}`),
        );
      });
    });
  }
}
