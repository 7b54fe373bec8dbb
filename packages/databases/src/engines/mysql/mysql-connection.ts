import type mysql from 'mysql2/promise';
import type { ConnectionInfo } from '../../types.js';
import { loadMysqlDriver } from './mysql-driver.js';

// Admin and readiness connections give up quickly: the caller retries or reports.
const CONNECT_TIMEOUT_MS = 5000;

/** Where to reach the server: TCP from the connection details, or a Unix socket (local servers). */
export interface MysqlEndpointOverride {
  readonly socketPath?: string;
}

/**
 * Opens one mysql2 connection for admin work (create/drop database, read variables), to `database`
 * (none when empty). The caller ends it. Errors are the driver's, unredacted: wrap them with
 * {@link redactedErrorMessage} before showing them.
 */
export async function openMysqlConnection(
  connection: ConnectionInfo,
  database: string = connection.database,
  endpoint: MysqlEndpointOverride = {},
): Promise<mysql.Connection> {
  const { mysqlPromise } = await loadMysqlDriver();
  const client = await mysqlPromise.createConnection({
    ...(endpoint.socketPath === undefined
      ? { host: connection.host, port: connection.port }
      : { socketPath: endpoint.socketPath }),
    user: connection.user,
    password: connection.password,
    ...(database === '' ? {} : { database }),
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  // An idle admin connection whose server goes away must not crash the process.
  client.on('error', () => undefined);
  return client;
}

/** Runs `work` on a fresh admin connection and always ends it. */
export async function withMysqlConnection<T>(
  connection: ConnectionInfo,
  database: string,
  work: (client: mysql.Connection) => Promise<T>,
  endpoint: MysqlEndpointOverride = {},
): Promise<T> {
  const client = await openMysqlConnection(connection, database, endpoint);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
