import type { Engine } from '../engines/engine.js';
import { DatabaseSetupError } from '../errors.js';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
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
 * Creates a fresh work database on the server reached through `admin` (whose `database` is the one
 * to connect to for CREATE/DROP; MySQL allows it empty) with the engine's SQL, reads version and
 * settings in it, and checks the server allows `minConnections`. `where` names the server in
 * messages (already redacted); `fix` says what to check when the server cannot be reached.
 * `beforeCreate` learns the name before the database exists (to set a watchdog over it first).
 */
export async function createWorkDatabase(
  engine: Engine,
  admin: ConnectionInfo,
  options: Pick<StartServerOptions, 'suite' | 'minConnections'>,
  where: string,
  fix: string,
  beforeCreate: (database: string) => void = () => undefined,
): Promise<WorkDatabase> {
  const secrets = [admin.password];
  const connection: ConnectionInfo = { ...admin, database: workDatabaseName(options.suite) };
  beforeCreate(connection.database);
  await engine.workDatabase.createDatabase(admin, connection.database).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not create database ${connection.database} on ${where}: ${redactedErrorMessage(error, secrets)}. ${fix}`,
    );
  });
  const drop = (): Promise<void> => dropWorkDatabase(engine, admin, connection.database);
  try {
    const facts = await engine.workDatabase.readFacts(connection);
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

/** Drops a work database, refusing any name dbbench did not generate, so a bug can never drop a user's database. */
async function dropWorkDatabase(engine: Engine, admin: ConnectionInfo, database: string): Promise<void> {
  if (!isWorkDatabaseName(database))
    throw new Error(`refusing to drop ${database}: not a dbbench work database`);
  await engine.workDatabase.endSessionsAndDrop(admin, database).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not drop database ${database}: ${redactedErrorMessage(error, [admin.password])}. ` +
        `Drop it by hand: DROP DATABASE ${database};`,
    );
  });
}
