/**
 * postgres.js behind the pool contract (`driver=postgresjs`): a metered pool and a bare one, each a
 * postgres.js instance of `size` connections opened before use. A metered acquisition is
 * `sql.reserve()` timed by dbbench's meter (postgres.js has no acquire timeout or wait gauge either);
 * its session is {@link PostgresJsSession}. The bulk paths of the engine (COPY, cursors) are written
 * for pg and refuse this session by name.
 */
import { Kysely, PostgresDialect } from 'kysely';
import type { Socket } from 'node:net';
import { meterReadings, PoolMeter } from '../../pool/pool-meter.js';
import { prewarmConnections } from '../../pool/prewarm-connections.js';
import { redactSecret } from '../../pool/redact-secret.js';
import type { BarePool, PoolOptions } from '../../pool/pool-types.js';
import { WorkCounter } from '../../pool/work-counter.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { ConnectionInfo, Engine, EngineDriver, MeteredPool } from '../engine.js';
import {
  loadPostgresJs,
  postgresJsFacts,
  postgresJsOptions,
  POSTGRESJS_NAME,
  type PostgresJsReserved,
  type PostgresJsSql,
} from './postgres-second-driver.js';
import { closedWhileReserved, kyselyPgClient, PostgresJsSession } from './postgres-second-session.js';

/**
 * Opens `size` connections of `sql` at once (each reserved, checked with `SELECT 1`, released);
 * ends `sql` and throws a PoolConnectError without the password if one fails.
 */
async function prewarmPostgresJs(
  sql: PostgresJsSql,
  size: number,
  connection: ConnectionInfo,
): Promise<void> {
  await prewarmConnections<PostgresJsReserved>(
    { connection, size, end: () => sql.end({ timeout: 0 }) },
    {
      take: () => sql.reserve(),
      validate: async (reserved) => void (await reserved.unsafe('SELECT 1')),
      giveBack: (reserved) => reserved.release(),
    },
  );
}

/**
 * A pre-warmed, metered postgres.js pool with a Kysely instance over it; see {@link MeteredPool}.
 *
 * @param engine the engine the pool and its sessions carry
 */
export async function createPostgresJsPool(
  engine: Engine,
  connection: ConnectionInfo,
  options: PoolOptions,
): Promise<MeteredPool> {
  const postgres = await loadPostgresJs();
  const { size } = options;
  const meter = new PoolMeter(size, options.acquireTimeoutMs ?? 0);
  const work = new WorkCounter();
  let opened = 0;
  let closed = 0;
  // Every connection's socket: the meter counts it, the work counter watches its bytes.
  const onSocket = (socket: Socket): void => {
    meter.connectionOpened();
    opened += 1;
    work.watch(socket);
  };
  const sql = postgres(postgresJsOptions(connection, size, onSocket, () => (closed += 1)));
  let ended = false;
  const end = async (): Promise<void> => {
    if (ended) return;
    ended = true;
    await sql.end({ timeout: 0 });
  };
  await prewarmPostgresJs(sql, size, connection);

  const checkedOut = new Set<PostgresJsReserved>();
  const acquire = async (): Promise<PostgresJsReserved> => {
    try {
      const reserved = await meter.acquire<PostgresJsReserved>(
        (done) => {
          sql.reserve().then(
            (taken) => done(undefined, taken),
            (error: unknown) => done(error as Error, undefined),
          );
        },
        (late) => late.release(),
      );
      checkedOut.add(reserved);
      return reserved;
    } catch (error) {
      throw redactSecret(error, connection.password);
    }
  };
  const release = (reserved: PostgresJsReserved): void => {
    checkedOut.delete(reserved);
    meter.released(reserved);
    if (!closedWhileReserved(reserved)) reserved.release();
  };

  const db = new Kysely<DbbenchDatabase>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => {
          const reserved = await acquire();
          const session = new PostgresJsSession(engine, reserved, work);
          return kyselyPgClient(
            (sqlText, parameters) => session.send(sqlText, parameters),
            () => release(reserved),
          );
        },
        end,
      },
    }),
  });

  const close = async (): Promise<void> => {
    await db.destroy();
    await end();
  };

  return {
    engine,
    size,
    driver: postgresJsFacts(),
    db,
    async withConnection(fn) {
      const reserved = await acquire();
      let result;
      try {
        result = await fn(new PostgresJsSession(engine, reserved, work));
      } catch (error) {
        // The session may be mid-transaction: it must not reach the next caller so. postgres.js has
        // no call that closes one connection, and ending it from the server side makes 3.4.9 throw
        // an uncaught error, so the transaction is rolled back instead (a warning outside one).
        await new PostgresJsSession(engine, reserved, work).query('ROLLBACK').catch(() => undefined);
        release(reserved);
        throw error;
      }
      release(reserved);
      return result;
    },
    ...meterReadings(meter, work),
    idleCount: () => opened - closed - checkedOut.size,
    totalCount: () => opened - closed,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** Opens a bare postgres.js pool of `size` connections — `sql.unsafe(text, values)` as its users call it. */
export async function createPostgresJsBarePool(connection: ConnectionInfo, size: number): Promise<BarePool> {
  const postgres = await loadPostgresJs();
  const sql = postgres(postgresJsOptions(connection, size));
  await prewarmPostgresJs(sql, size, connection);
  return {
    driver: postgresJsFacts(),
    async execute(sqlText, parameters, options = {}) {
      const result = await sql.unsafe<Record<string, unknown>[]>(sqlText, [...parameters] as never[], {
        prepare: options.prepared === true,
      });
      return { rows: result, affectedRows: result.count ?? 0 };
    },
    close: () => sql.end({ timeout: 0 }),
  };
}

/** postgres.js, PostgreSQL's second driver. */
export const POSTGRESJS_DRIVER: EngineDriver = {
  name: POSTGRESJS_NAME,
  library: 'postgres',
  label: 'postgres.js',
  create: createPostgresJsPool,
  createBare: createPostgresJsBarePool,
};
