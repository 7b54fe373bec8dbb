import type mysql from 'mysql2/promise';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { withMysqlConnection } from './mysql-connection.js';
import { readMysqlServerFacts } from './mysql-server-info.js';
import type { WorkDatabase } from './postgres-work-database.js';
import { redactedErrorMessage } from './redact.js';
import { assertConnectionCapacity } from './server-facts.js';
import { isWorkDatabaseName, workDatabaseName } from './work-database-name.js';

/**
 * Creates a fresh work database on a MySQL server reached through `admin` (its `database` may be
 * empty), reads version and variables in it, and checks the server allows `minConnections`.
 * `where` names the server in messages (already redacted); `fix` says what to check on failure.
 */
export async function createMysqlWorkDatabase(
  admin: ConnectionInfo,
  options: Pick<StartServerOptions, 'suite' | 'minConnections'>,
  where: string,
  fix: string,
): Promise<WorkDatabase> {
  const secrets = [admin.password];
  const connection: ConnectionInfo = { ...admin, database: workDatabaseName(options.suite) };
  await withMysqlConnection(admin, admin.database, async (client) => {
    await client.query(`CREATE DATABASE ${connection.database} CHARACTER SET utf8mb4`);
  }).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not create database ${connection.database} on ${where}: ${redactedErrorMessage(error, secrets)}. ${fix}`,
    );
  });
  const drop = (): Promise<void> => dropMysqlWorkDatabase(admin, connection.database);
  try {
    const facts = await withMysqlConnection(connection, connection.database, readMysqlServerFacts);
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
 * Kills the sessions still in `database` (their metadata locks would block the drop) and drops it.
 * Refuses any name dbbench did not generate.
 */
async function dropMysqlWorkDatabase(admin: ConnectionInfo, database: string): Promise<void> {
  if (!isWorkDatabaseName(database))
    throw new Error(`refusing to drop ${database}: not a dbbench work database`);
  await withMysqlConnection(admin, admin.database, async (client) => {
    const [sessions] = await client.query<mysql.RowDataPacket[]>(
      'SELECT id FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()',
      [database],
    );
    for (const session of sessions) {
      // A session may end between the lookup and the kill: the outcome we want anyway.
      await client.query('KILL ?', [Number(session['id'])]).catch(() => undefined);
    }
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
  }).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not drop database ${database}: ${redactedErrorMessage(error, [admin.password])}. ` +
        `Drop it by hand: DROP DATABASE ${database};`,
    );
  });
}
