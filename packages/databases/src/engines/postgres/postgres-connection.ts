import type pg from 'pg';
import type { ConnectionInfo } from '../../types.js';
import { loadPostgresDriver } from './postgres-driver.js';

// Admin and readiness connections give up quickly: the caller retries or reports.
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Opens one pg client for admin work (create/drop database, read settings), to `database` or to the
 * connection's own database. The caller ends it. Errors are the driver's, unredacted: wrap them with
 * {@link redactedErrorMessage} before showing them.
 */
export async function openPostgresClient(
  connection: ConnectionInfo,
  database: string = connection.database,
): Promise<pg.Client> {
  const { pg } = await loadPostgresDriver();
  const client = new pg.Client({
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'dbbench-admin',
  });
  // An idle admin client whose server goes away must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** Runs `work` on a fresh admin client and always ends it. */
export async function withPostgresClient<T>(
  connection: ConnectionInfo,
  database: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await openPostgresClient(connection, database);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
