/** How every MySQL pool dbbench opens is configured, metered or bare, so the two differ only by the meter. */
import type mysql from 'mysql2';
import type { ConnectionInfo } from '../engine.js';

/**
 * The mysql2 pool options of every pool dbbench opens, metered or bare: `size` connections kept
 * open, exact numbers, UTC.
 */
export function mysqlPoolOptions(connection: ConnectionInfo, size: number): mysql.PoolOptions {
  return {
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database,
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
