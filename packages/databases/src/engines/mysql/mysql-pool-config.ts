/**
 * How every MySQL pool dbbench opens is configured and pre-warmed, metered or bare, so the two
 * differ only by the meter.
 */
import type mysql from 'mysql2';
import { installedVersion } from '../../pool/package-version.js';
import type { DriverFacts } from '../../pool/pool-types.js';
import { prewarmConnections } from '../../pool/prewarm-connections.js';
import type { ConnectionInfo } from '../engine.js';

/**
 * The mysql2 pool options of every pool dbbench opens, metered or bare: `size` connections kept
 * open, exact numbers, UTC.
 */
export function mysqlPoolOptions(connection: ConnectionInfo, size: number): mysql.PoolOptions {
  const { host, port, user, password, database } = connection;
  return {
    host,
    port,
    user,
    password,
    database,
    connectionLimit: size,
    // maxIdle below connectionLimit would start a timer that closes pre-warmed connections.
    maxIdle: size,
    queueLimit: 0,
    waitForConnections: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: false,
    timezone: 'Z',
    // The pooled suite's one-round-trip job writer sends BEGIN; INSERT; UPDATE; COMMIT as one text
    // (see its mysql-chunk-writers.ts). Every other statement dbbench sends is a single one, so nothing
    // changes for them; dbbench never puts untrusted text into SQL.
    multipleStatements: true,
  };
}

/**
 * Opens and validates all `size` connections of a new pool before anyone uses it; if that fails,
 * ends the pool (`end`) and throws a `PoolConnectError` without the password.
 */
export async function prewarmMysqlPool(
  driver: mysql.Pool,
  size: number,
  connection: ConnectionInfo,
  end: () => Promise<void>,
): Promise<void> {
  await prewarmConnections<mysql.PoolConnection>(
    { connection, size, end },
    {
      take: () =>
        new Promise((resolve, reject) =>
          driver.getConnection((error, pooled) => (error ? reject(error) : resolve(pooled))),
        ),
      validate: (pooled) =>
        new Promise((resolve, reject) =>
          pooled.query('SELECT 1', (error) => (error ? reject(error) : resolve())),
        ),
      giveBack: (pooled) => pooled.release(),
    },
  );
}

/**
 * What a report records about mysql2: the settings the MariaDB connector is held to as well (see
 * `mysql-second-driver.ts`).
 */
export function mysql2Facts(): DriverFacts {
  return {
    name: 'mysql2',
    library: 'mysql2',
    version: installedVersion('mysql2'),
    settings: {
      protocol: 'text (query: values escaped into the SQL by the driver)',
      pipelining: false,
      validateOnCheckout: false,
      bigint: 'number',
      decimal: 'string',
      timezone: 'UTC',
    },
  };
}
