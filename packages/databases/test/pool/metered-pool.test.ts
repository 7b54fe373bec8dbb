import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcquireTimeoutError, createPool as createEnginePool, driverNames } from '../../src/pool/index.js';
import type { EngineName as Engine, MeteredPool, PoolOptions, Session } from '../../src/types.js';
import { createScratchDatabase, ENGINES, type ScratchDatabase } from './scratch-database.js';

/** Sessions the server sees on the scratch database, counted server-side rather than trusting the pool. */
async function serverSessions(pool: MeteredPool, database: string): Promise<number> {
  const query =
    pool.engine.name === 'postgres'
      ? sql<{ n: string | number }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = ${database}`
      : sql<{
          n: string | number;
        }>`SELECT count(*) AS n FROM information_schema.processlist WHERE db = ${database}`;
  const { rows } = await query.execute(pool.db);
  return Number(rows[0]?.n);
}

/** Whether the session is inside an explicit transaction. */
async function inTransaction(session: Session): Promise<boolean> {
  const rows = await session.query(
    session.engine.name === 'postgres'
      ? 'SELECT transaction_timestamp() <> statement_timestamp() AS open'
      : 'SELECT @@in_transaction AS open',
  );
  const open = rows[0]?.['open'];
  return open === true || Number(open) === 1;
}

function sleepSql(engine: Engine, seconds: number) {
  return engine === 'postgres' ? sql`SELECT pg_sleep(${seconds})` : sql`SELECT SLEEP(${seconds})`;
}

// Every driver of every engine keeps the same contract: metered acquisitions, counted work,
// pre-warmed connections, timeouts, a failed session's connection destroyed.
for (const engine of ENGINES) {
  for (const driver of driverNames(engine)) {
    const isDefault = driver === driverNames(engine)[0];
    const createPool = (connection: ScratchDatabase['connection'], options: PoolOptions) =>
      createEnginePool(connection, { ...options, driver });
    describe(`metered pool on ${engine} through ${driver}`, () => {
      let scratch: ScratchDatabase;
      beforeAll(async () => {
        scratch = await createScratchDatabase(engine, 'pool');
      });
      afterAll(async () => {
        await scratch?.drop();
      });

      it('counts the statements, transactions and bytes its connections send, exactly', async () => {
        await using pool = await createPool(scratch.connection, { size: 2 });
        const before = pool.work();
        await sql`SELECT 1`.execute(pool.db);
        await pool.db.transaction().execute(async (trx) => {
          await sql`SELECT 2`.execute(trx);
        });
        await pool.withConnection((session) => session.query('SELECT 3'));
        const after = pool.work();
        // SELECT 1; BEGIN, SELECT 2, COMMIT; SELECT 3.
        expect(after.statements - before.statements).toBe(5);
        expect(after.transactions - before.transactions).toBe(1);
        expect(after.bytesSent - before.bytesSent).toBeGreaterThan(0);
        expect(after.bytesReceived - before.bytesReceived).toBeGreaterThan(0);
      });

      it('opens and validates all N connections before it is used', async () => {
        await using pool = await createPool(scratch.connection, { size: 4 });
        expect(pool.metrics().connectionsOpened).toBe(4);
        expect(pool.totalCount()).toBe(4);
        expect(pool.idleCount()).toBe(4);
        expect(pool.metrics().acquisitions).toBe(0);

        // Four concurrent users (Kysely and raw) reuse the warm connections: nothing new is opened.
        await Promise.all([
          sleepSql(engine, 0.02).execute(pool.db),
          sleepSql(engine, 0.02).execute(pool.db),
          pool.withConnection(async () => sleep(20)),
          pool.withConnection(async () => sleep(20)),
        ]);
        // The session count query itself uses one of the four connections.
        expect(await serverSessions(pool, scratch.connection.database)).toBe(4);
        const metrics = pool.metrics();
        expect(metrics.connectionsOpened).toBe(4);
        expect(metrics.acquisitions).toBe(5);
        expect(metrics.acquireWaitMs.count).toBe(5);
        expect(metrics.acquireTimeouts).toBe(0);
        expect(metrics.maxWaiting).toBe(0);
      });

      it('times out waiters of a 1-connection pool, records their waits, and leaks nothing', async () => {
        await using pool = await createPool(scratch.connection, { size: 1, acquireTimeoutMs: 20 });
        const holders = Array.from({ length: 10 }, () => pool.withConnection(async () => sleep(30)));
        const outcomes = await Promise.allSettled(holders);
        const served = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
        const failures = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
        );

        expect(served).toBeGreaterThanOrEqual(1);
        expect(failures.length).toBeGreaterThanOrEqual(1);
        for (const failure of failures) {
          expect(failure).toBeInstanceOf(AcquireTimeoutError);
          expect((failure as AcquireTimeoutError).name).toBe('AcquireTimeoutError');
          expect((failure as AcquireTimeoutError).waitedMs).toBeGreaterThanOrEqual(19);
        }
        const metrics = pool.metrics();
        expect(metrics.acquireTimeouts).toBe(failures.length);
        expect(metrics.acquisitions).toBe(served);
        expect(metrics.acquireWaitMs.count).toBe(served);
        expect(metrics.acquireWaitMs.max).toBeGreaterThanOrEqual(metrics.acquireWaitMs.p50);
        expect(metrics.maxWaiting).toBe(9);

        // Connections the driver hands over after their caller gave up go straight back.
        await sleep(100);
        expect(pool.idleCount()).toBe(1);
        expect(pool.totalCount()).toBe(1);
        expect(metrics.connectionsOpened).toBe(1);
        const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(pool.db);
        expect(Number(rows[0]?.one)).toBe(1);
      });

      it('keeps running acquisition totals that a metrics reset does not clear', async () => {
        await using pool = await createPool(scratch.connection, { size: 1 });
        const start = pool.acquireTally();
        // Three holders of 30 ms on one connection: the second waits about 30 ms, the third about 60.
        await Promise.all(Array.from({ length: 3 }, () => pool.withConnection(async () => sleep(30))));
        pool.resetMetrics();
        const end = pool.acquireTally();
        expect(end.acquisitions - start.acquisitions).toBe(3);
        // Timer slack only ever lengthens a wait; an upper bound would depend on the machine's load.
        expect(end.waitTotalMs - start.waitTotalMs).toBeGreaterThanOrEqual(75);
        expect(pool.metrics().acquisitions).toBe(0);
      });

      it('gives back the connections of thousands of waiters who gave up at once, and still closes', async () => {
        // The contention benchmark's worst case: 1000 callers, a 10 ms acquire timeout and an event
        // loop that stalls (GC, a loaded machine), so every waiter times out together and the driver's
        // queue holds thousands of abandoned requests. Handing each one back must neither overflow the
        // stack nor lose a connection, or closing the pool waits forever.
        const pool = await createPool(scratch.connection, { size: 1, acquireTimeoutMs: 5 });
        let releaseHolder: () => void = () => undefined;
        let holding: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (holding = resolve));
        const holder = pool.withConnection(
          () => new Promise<string>((resolve) => ((releaseHolder = () => resolve('held')), holding())),
        );
        await held;
        const waiters = Array.from({ length: 5000 }, () => pool.withConnection(() => sleep(0)));
        const outcomes = await Promise.allSettled(waiters);
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5000);
        // Giving the connection back walks the driver's queue of abandoned requests.
        releaseHolder();
        await expect(holder).resolves.toBe('held');
        for (let waited = 0; pool.idleCount() < 1 && waited < 5000; waited += 10) await sleep(10);
        expect(pool.idleCount()).toBe(1);
        expect(pool.totalCount()).toBe(1);
        const closed = await Promise.race([
          pool.close().then(() => 'closed'),
          sleep(10_000).then(() => 'close() still waiting after 10 s: a connection leaked'),
        ]);
        expect(closed).toBe('closed');
      });

      it("times Kysely's own acquisitions and fails them fast too", async () => {
        await using pool = await createPool(scratch.connection, { size: 1, acquireTimeoutMs: 20 });
        const held = pool.withConnection(async () => sleep(80));
        await expect(sql`SELECT 1`.execute(pool.db)).rejects.toBeInstanceOf(AcquireTimeoutError);
        await held;
        pool.resetMetrics();
        await sql`SELECT 1`.execute(pool.db);
        expect(pool.metrics().acquisitions).toBe(1);
        expect(pool.metrics().acquireTimeouts).toBe(0);
      });

      it('never hands out the connection of a user who failed mid-transaction still in it', async () => {
        await using pool = await createPool(scratch.connection, { size: 1 });
        // pg, mysql2 and the MariaDB connector destroy that connection (a new one opens on demand);
        // postgres.js cannot close one connection, so its session is rolled back.
        await expect(
          pool.withConnection(async (session) => {
            await session.query(engine === 'postgres' ? 'BEGIN' : 'START TRANSACTION');
            expect(await inTransaction(session)).toBe(true);
            throw new Error('the benchmark broke its session');
          }),
        ).rejects.toThrow('the benchmark broke its session');
        const states = await Promise.all([0, 1].map(() => pool.withConnection(inTransaction)));
        expect(states).toEqual([false, false]);
        expect(pool.metrics().connectionsOpened).toBeLessThanOrEqual(2);
      });

      // The server ends an idle connection (an administrator, a restart, an idle timeout): the pool
      // must neither crash (postgres.js 3.4.9 does if a statement is sent on it) nor hand it out
      // again; at most one request sees the error, and a new connection takes its place.
      it('replaces a connection the server killed while it sat idle, and goes on', async () => {
        await using pool = await createPool(scratch.connection, { size: 1 });
        await using admin = await createEnginePool(scratch.connection, { size: 1 });
        const backendId =
          engine === 'postgres' ? 'SELECT pg_backend_pid() AS id' : 'SELECT CONNECTION_ID() AS id';
        const idOf = async (session: Session) => Number((await session.query(backendId))[0]?.['id']);
        const killed = await pool.withConnection(idOf);
        await admin.withConnection((session) =>
          session.query(engine === 'postgres' ? `SELECT pg_terminate_backend(${killed})` : `KILL ${killed}`),
        );
        await sleep(300);
        const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => pool.withConnection(idOf)));
        const served = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
        expect(outcomes.length - served.length).toBeLessThanOrEqual(1);
        expect(served.length).toBeGreaterThanOrEqual(2);
        expect(served).not.toContain(killed);
        expect(pool.metrics().connectionsOpened).toBeGreaterThanOrEqual(1);
      });

      // postgres.js 3.4.9 keeps the row count of a statement that failed after sending rows, and
      // hands the next statement's rows after that many empty slots; the session resets it.
      it('gives the next statement a whole result after one that failed midway through its rows', async () => {
        await using pool = await createPool(scratch.connection, { size: 1 });
        const failing =
          engine === 'postgres'
            ? 'SELECT 1 / (g - 150) AS q FROM generate_series(1, 250) AS g WHERE g > $1'
            : 'WITH RECURSIVE g (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 250) ' +
              'SELECT CAST(n AS UNSIGNED) - 150 AS q FROM g WHERE n > ?';
        const next = engine === 'postgres' ? 'SELECT $1::int AS x' : 'SELECT CAST(? AS SIGNED) AS x';
        await pool.withConnection(async (session) => {
          await expect(session.execute(failing, [0])).rejects.toThrow();
          const { rows } = await session.execute(next, [3]);
          expect(rows).toHaveLength(1);
          expect(Number(rows[0]?.['x'])).toBe(3);
        });
      });

      // Streaming is written for each engine's default driver (pg cursors, mysql2 streams).
      it.runIf(isDefault)(
        'streams through Kysely (a cursor on PostgreSQL) and gives the connection back',
        async () => {
          await using pool = await createPool(scratch.connection, { size: 1 });
          const query = sql<{ n: number }>`
        WITH RECURSIVE numbers (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers WHERE n < 250)
        SELECT n FROM numbers`;
          let streamed = 0;
          for await (const result of pool.db.getExecutor().stream(query.compile(pool.db), 100)) {
            streamed += result.rows.length;
          }
          expect(streamed).toBe(250);
          // Kysely releases the streaming connection a few ticks after the last row.
          await sleep(20);
          expect(pool.idleCount()).toBe(1);
        },
      );
    });
  }
}
