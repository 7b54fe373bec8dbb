/**
 * The MariaDB connector behind the pool contract (`driver=mariadb`): a metered pool and a bare one,
 * each the connector's own pool of `size` connections opened before use. A metered acquisition is
 * the pool's `getConnection()` timed by dbbench's meter; its session is {@link MariadbSession}. The
 * engine's bulk paths (LOAD DATA, streams) are written for mysql2 and refuse this session by name.
 */
import { Kysely, MysqlDialect } from 'kysely';
import { connect, type Socket } from 'node:net';
import type * as mariadb from 'mariadb';
import { meterReadings, PoolMeter } from '../../pool/pool-meter.js';
import { prewarmConnections } from '../../pool/prewarm-connections.js';
import { redactSecret } from '../../pool/redact-secret.js';
import type { BarePool, PoolOptions } from '../../pool/pool-types.js';
import { WorkCounter } from '../../pool/work-counter.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { ConnectionInfo, Engine, EngineDriver, MeteredPool } from '../engine.js';
import { loadMariadb, mariadbFacts, mariadbPoolConfig, MARIADB_NAME } from './mysql-second-driver.js';
import { kyselyMysqlConnection, MariadbSession } from './mysql-second-session.js';
import { kyselyMysqlPool, mysqlStatementResult } from './mysql-session.js';

/**
 * Opens `size` connections of `pool` at once (each taken, checked with `SELECT 1`, given back); ends
 * the pool and throws a PoolConnectError without the password if one fails.
 */
async function prewarmMariadb(pool: mariadb.Pool, size: number, connection: ConnectionInfo): Promise<void> {
  await prewarmConnections<mariadb.PoolConnection>(
    { connection, size, end: () => pool.end() },
    {
      take: () => pool.getConnection(),
      validate: async (pooled) => void (await pooled.query('SELECT 1')),
      giveBack: (pooled) => void pooled.release(),
    },
  );
}

/**
 * A pre-warmed, metered MariaDB connector pool with a Kysely instance over it; see {@link MeteredPool}.
 *
 * @param engine the engine the pool and its sessions carry
 */
export async function createMariadbPool(
  engine: Engine,
  connection: ConnectionInfo,
  options: PoolOptions,
): Promise<MeteredPool> {
  const driver = await loadMariadb();
  const { size } = options;
  const meter = new PoolMeter(size, options.acquireTimeoutMs ?? 0);
  const work = new WorkCounter();
  // The connector opens each connection through `stream` when given one: the work counter watches
  // its bytes. (Connections are counted by the pool's `connection` event.)
  const openSocket = (): Socket => {
    const socket = connect(connection.port, connection.host);
    work.watch(socket);
    return socket;
  };
  const pool = driver.createPool({
    ...mariadbPoolConfig(connection, size),
    stream: openSocket as unknown as mariadb.PoolConfig['stream'],
  });
  pool.on('connection', () => meter.connectionOpened());
  let ended = false;
  const end = async (): Promise<void> => {
    if (ended) return;
    ended = true;
    await pool.end();
  };
  await prewarmMariadb(pool, size, connection);

  const acquire = async (): Promise<mariadb.PoolConnection> => {
    try {
      return await meter.acquire<mariadb.PoolConnection>(
        (done) => {
          pool.getConnection().then(
            (pooled) => done(undefined, pooled),
            (error: unknown) => done(error as Error, undefined),
          );
        },
        (late) => void late.release(),
      );
    } catch (error) {
      throw redactSecret(error, connection.password);
    }
  };
  const release = (pooled: mariadb.PoolConnection): void => {
    meter.released(pooled);
    void pooled.release();
  };

  const connectForKysely = async (): Promise<unknown> => {
    const pooled = await acquire();
    const session = new MariadbSession(engine, pooled, work);
    return kyselyMysqlConnection(
      (sqlText, parameters) => session.send(sqlText, parameters),
      () => release(pooled),
    );
  };
  const db = new Kysely<DbbenchDatabase>({
    dialect: new MysqlDialect({ pool: kyselyMysqlPool(connectForKysely, end) }),
  });

  const close = async (): Promise<void> => {
    await db.destroy();
    await end();
  };

  return {
    engine,
    size,
    driver: mariadbFacts(),
    db,
    async withConnection(fn) {
      const pooled = await acquire();
      let result;
      try {
        result = await fn(new MariadbSession(engine, pooled, work));
      } catch (error) {
        // The session may be mid-transaction: do not hand it to the next caller.
        meter.released(pooled);
        pooled.destroy();
        throw error;
      }
      release(pooled);
      return result;
    },
    ...meterReadings(meter, work),
    idleCount: () => pool.idleConnections(),
    totalCount: () => pool.totalConnections(),
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** Opens a bare connector pool of `size` connections — `pool.query(sql, values)` as its users call it. */
export async function createMariadbBarePool(connection: ConnectionInfo, size: number): Promise<BarePool> {
  const driver = await loadMariadb();
  const pool = driver.createPool(mariadbPoolConfig(connection, size));
  await prewarmMariadb(pool, size, connection);
  return {
    driver: mariadbFacts(),
    async execute(sqlText, parameters, options = {}) {
      const values = [...parameters];
      return mysqlStatementResult(
        await (options.prepared === true ? pool.execute(sqlText, values) : pool.query(sqlText, values)),
      );
    },
    close: () => pool.end(),
  };
}

/** The MariaDB connector, MySQL/MariaDB's second driver. */
export const MARIADB_DRIVER: EngineDriver = {
  name: MARIADB_NAME,
  library: 'mariadb',
  label: 'the MariaDB connector (mariadb)',
  create: createMariadbPool,
  createBare: createMariadbBarePool,
};
