import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { withPostgresClient } from './postgres-connection.js';
import { readPostgresServerFacts } from './postgres-server-info.js';
import { redactedErrorMessage } from './redact.js';
import { assertConnectionCapacity, type ServerFacts } from './server-facts.js';
import { isWorkDatabaseName, workDatabaseName } from './work-database-name.js';

/** A `dbbench_<suite>_<random>` database dbbench created on a server it does not own. */
export interface WorkDatabase {
  /** Points at the work database. */
  readonly connection: ConnectionInfo;
  readonly facts: ServerFacts;
  /** Ends leftover sessions in it and drops it. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh work database on a PostgreSQL server reached through `admin` (whose `database` is
 * the one to connect to for CREATE/DROP), reads version and settings in it, and checks the server
 * allows `minConnections`. `where` names the server in messages (already redacted); `fix` says what
 * to check when the server cannot be reached.
 */
export async function createPostgresWorkDatabase(
  admin: ConnectionInfo,
  options: Pick<StartServerOptions, 'suite' | 'minConnections'>,
  where: string,
  fix: string,
): Promise<WorkDatabase> {
  const secrets = [admin.password];
  const connection: ConnectionInfo = { ...admin, database: workDatabaseName(options.suite) };
  await withPostgresClient(admin, admin.database, async (client) => {
    await client.query(`CREATE DATABASE ${connection.database}`);
  }).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not create database ${connection.database} on ${where}: ${redactedErrorMessage(error, secrets)}. ${fix}`,
    );
  });
  const drop = (): Promise<void> => dropPostgresWorkDatabase(admin, connection.database);
  try {
    const facts = await withPostgresClient(connection, connection.database, readPostgresServerFacts);
    assertConnectionCapacity(facts, options.minConnections, where);
    return { connection, facts, drop };
  } catch (error) {
    await drop().catch(() => undefined);
    if (error instanceof DatabaseSetupError) throw error;
    throw new DatabaseSetupError(
      `Could not read version and settings from ${where}: ${redactedErrorMessage(error, secrets)}.`,
    );
  }
}

/**
 * Ends every session still in `database` (pools a crashed fork left behind) and drops it. Refuses any
 * name dbbench did not generate, so a bug can never drop a user's database.
 */
async function dropPostgresWorkDatabase(admin: ConnectionInfo, database: string): Promise<void> {
  if (!isWorkDatabaseName(database))
    throw new Error(`refusing to drop ${database}: not a dbbench work database`);
  await withPostgresClient(admin, admin.database, async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
  }).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not drop database ${database}: ${redactedErrorMessage(error, [admin.password])}. ` +
        `Drop it by hand: DROP DATABASE ${database};`,
    );
  });
}
