/**
 * postgres.js behind the pool contract (`driver=postgresjs`): a metered pool and a bare one, each a
 * postgres.js instance of `size` connections opened before use. The metered pool reserves every
 * connection once (`sql.reserve()`) and hands them out from its own idle list, timed by dbbench's
 * meter (postgres.js has no acquire timeout or wait gauge either), as pg.Pool hands out idle
 * clients; its session is {@link PostgresJsSession}. Reserving per request instead cost about
 * 0.15 ms a request here (raw primary-key SELECT through the metered pool 0.43–0.56 ms against
 * 0.28–0.33 ms through postgres.js's own `sql.unsafe`).
 */
import type { DriverTake } from '../../pool/pool-meter.js';
import { Kysely, PostgresDialect } from 'kysely';
import type { Socket } from 'node:net';
import { meterReadings, PoolMeter } from '../../pool/pool-meter.js';
import { PoolConnectError } from '../../pool/pool-errors.js';
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
import {
  closedWhileReserved,
  kyselyPgClient,
  noteClosedReservation,
  PostgresJsSession,
} from './postgres-second-session.js';

/**
 * Opens `size` connections of a bare pool's `sql` at once (each reserved, checked with `SELECT 1`,
 * released); ends `sql` and throws a PoolConnectError without the password if one fails. (The
 * metered pool keeps its connections reserved and opens them one at a time: see `reserveOne`.)
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
  // Every connection's socket: the meter counts it, the work counter watches its bytes, and the pool
  // learns which reservation it carries (see `reserveOne`), so a socket that closes marks its
  // reservation closed before anyone sends on it.
  const sockets: Socket[] = [];
  const reservationOf = new WeakMap<Socket, PostgresJsReserved>();
  const onSocket = (socket: Socket): void => {
    meter.connectionOpened();
    opened += 1;
    work.watch(socket);
    sockets.push(socket);
    socket.once('close', () => {
      const reserved = reservationOf.get(socket);
      if (reserved !== undefined) noteClosedReservation(reserved);
    });
  };
  const sql = postgres(postgresJsOptions(connection, size, onSocket, () => (closed += 1)));
  let ended = false;
  const end = async (): Promise<void> => {
    if (ended) return;
    ended = true;
    await sql.end({ timeout: 0 });
  };
  // Connections reserved for the pool's lifetime, idle ones here; callers waiting for one in order.
  const idle: PostgresJsReserved[] = [];
  const waiting: Parameters<DriverTake<PostgresJsReserved>>[0][] = [];
  const giveBack = (reserved: PostgresJsReserved): void => {
    if (closedWhileReserved(reserved)) {
      replace();
      return;
    }
    const next = waiting.shift();
    if (next === undefined) idle.push(reserved);
    else next(undefined, reserved);
  };
  // One reservation at a time, each on a connection it opens, so the socket opened meanwhile is its.
  let reserving: Promise<unknown> = Promise.resolve();
  const reserveOne = (): Promise<PostgresJsReserved> => {
    const reservation = reserving.then(async () => {
      const before = sockets.length;
      const reserved = await sql.reserve();
      await reserved.unsafe('SELECT 1');
      const socket = sockets[before];
      if (socket === undefined || sockets.length !== before + 1) {
        throw new Error('postgres.js reserved a connection without opening one for it');
      }
      reservationOf.set(socket, reserved);
      if (socket.closed) noteClosedReservation(reserved);
      return reserved;
    });
    reserving = reservation.catch(() => undefined);
    return reservation;
  };
  // postgres.js took a closed connection back itself: reserve another in its place (a new
  // connection, counted as opened), or fail the next waiter with why it cannot.
  const replace = (): void => {
    reserveOne().then(giveBack, (error: unknown) => waiting.shift()?.(error, undefined));
  };
  try {
    for (let index = 0; index < size; index += 1) idle.push(await reserveOne());
  } catch (error) {
    await end().catch(() => undefined);
    throw new PoolConnectError(connection, size, redactSecret(error, connection.password));
  }

  const checkedOut = new Set<PostgresJsReserved>();
  const acquire = async (): Promise<PostgresJsReserved> => {
    try {
      const reserved = await meter.acquire<PostgresJsReserved>((done) => {
        // An idle reservation whose socket closed is replaced, never handed out.
        let taken = idle.pop();
        while (taken !== undefined && closedWhileReserved(taken)) {
          replace();
          taken = idle.pop();
        }
        if (taken === undefined) waiting.push(done);
        else done(undefined, taken);
      }, giveBack);
      checkedOut.add(reserved);
      return reserved;
    } catch (error) {
      throw redactSecret(error, connection.password);
    }
  };
  const release = (reserved: PostgresJsReserved): void => {
    checkedOut.delete(reserved);
    meter.released(reserved);
    giveBack(reserved);
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
    idleCount: () => idle.length,
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
