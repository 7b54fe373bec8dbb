import { Kysely, MysqlDialect } from 'kysely';
import type { Socket } from 'node:net';
import type mysql from 'mysql2';
import type { PoolConnection as PromisePoolConnection } from 'mysql2/promise';
import { meterReadings, PoolMeter } from '../../pool/pool-meter.js';
import { statementText, WorkCounter } from '../../pool/work-counter.js';
import { redactSecret } from '../../pool/redact-secret.js';
import type { PoolOptions } from '../../pool/pool-types.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import { loadMysqlDriver } from './mysql-driver.js';
import type { ConnectionInfo, Engine, EngineDriver, EnginePool, MeteredPool } from '../engine.js';
import { MARIADB_DRIVER } from './mysql-second-pool.js';
import { createMysqlBarePool } from './mysql-bare-pool.js';
import { mysql2Facts, mysqlPoolOptions, prewarmMysqlPool } from './mysql-pool-config.js';
import { kyselyMysqlPool, MysqlSession } from './mysql-session.js';

/**
 * The queues inside mysql2's pool. mysql2 exposes no gauges (pg has idleCount/totalCount); these
 * fields have kept their names since mysql2 1.x and are read, never written.
 */
interface MysqlPoolQueues {
  readonly _freeConnections: { readonly length: number };
  readonly _allConnections: { readonly length: number };
}

/**
 * Counts every statement a connection sends (`query` and `execute`, which Kysely, the promise
 * wrapper and streams all go through) by wrapping them once, when it connects, and watches its socket.
 */
function countWork(connection: mysql.PoolConnection, work: WorkCounter): void {
  for (const method of ['query', 'execute'] as const) {
    const original = (connection[method] as (...args: unknown[]) => unknown).bind(connection);
    (connection as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      work.statement(statementText(args[0]));
      return original(...args);
    };
  }
  work.watch((connection as unknown as { stream?: Socket }).stream);
}

/**
 * A pre-warmed, metered mysql2 pool with a Kysely instance over it.
 *
 * mysql2 has no acquire timeout at all (`queueLimit` 0 queues forever), so the meter bounds every
 * wait. Kysely gets a wrapper whose `getConnection` goes through the meter. Numbers are read so that
 * both engines agree: DECIMAL stays a string, BIGINT a number (ids stay below 2^53), time in UTC.
 *
 * @param engine the engine the pool and its sessions carry (see {@link EnginePool.create})
 */
export async function createMysqlPool(
  engine: Engine,
  connection: ConnectionInfo,
  options: PoolOptions,
): Promise<MeteredPool> {
  const { mysql } = await loadMysqlDriver();
  const { size } = options;
  const driver = mysql.createPool(mysqlPoolOptions(connection, size));
  const meter = new PoolMeter(size, options.acquireTimeoutMs ?? 0);
  const work = new WorkCounter();
  driver.on('connection', (connection) => {
    meter.connectionOpened();
    countWork(connection, work);
  });

  let ended = false;
  const end = (): Promise<void> =>
    ended
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          ended = true;
          driver.end((error) => (error ? reject(error) : resolve()));
        });

  await prewarmMysqlPool(driver, size, connection, end);

  // mysql2's `release` is a prototype method; wrap it once per connection so every release path
  // (Kysely's, the promise wrapper's) tells the meter.
  const wrapped = new WeakSet<mysql.PoolConnection>();
  const meterReleases = (pooled: mysql.PoolConnection): void => {
    if (wrapped.has(pooled)) return;
    wrapped.add(pooled);
    const driverRelease = pooled.release.bind(pooled);
    pooled.release = () => {
      meter.released(pooled);
      driverRelease();
    };
  };

  const acquire = async (): Promise<mysql.PoolConnection> => {
    try {
      const pooled = await meter.acquire<mysql.PoolConnection>(
        (done) => driver.getConnection((error, pooled) => done(error, pooled)),
        // A late arrival was never counted as checked out, so the meter ignores this release.
        (late) => late.release(),
      );
      meterReleases(pooled);
      return pooled;
    } catch (error) {
      throw redactSecret(error, connection.password);
    }
  };

  const db = new Kysely<DbbenchDatabase>({
    dialect: new MysqlDialect({ pool: kyselyMysqlPool(acquire, end) }),
  });

  const queues = driver as unknown as MysqlPoolQueues;
  const close = async (): Promise<void> => {
    // Kysely ends the pool only if it was ever used; `end` is idempotent for the other case.
    await db.destroy();
    await end();
  };

  return {
    engine,
    size,
    driver: mysql2Facts(),
    db,
    async withConnection(fn) {
      const pooled = await acquire();
      // mysql2's typings declare PoolConnection#promise() as returning a pool; it returns a connection.
      const promised = pooled.promise() as unknown as PromisePoolConnection;
      let result;
      try {
        result = await fn(new MysqlSession(engine, pooled, promised));
      } catch (error) {
        // The session may be mid-transaction or mid-LOAD DATA: do not hand it to the next caller.
        meter.released(pooled);
        pooled.destroy();
        throw error;
      }
      pooled.release();
      return result;
    },
    ...meterReadings(meter, work),
    idleCount: () => queues._freeConnections.length,
    totalCount: () => queues._allConnections.length,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** mysql2, MySQL/MariaDB's default driver: its pool, metered. */
const MYSQL2_DRIVER: EngineDriver = {
  name: 'mysql2',
  library: 'mysql2',
  label: 'mysql2',
  create: createMysqlPool,
  createBare: createMysqlBarePool,
};

/** MySQL/MariaDB's drivers: mysql2 (the default, the one LOAD DATA and streams are written for) and the MariaDB connector. */
export const MYSQL_POOL: EnginePool = { drivers: [MYSQL2_DRIVER, MARIADB_DRIVER] };
