import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
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
 * The engine-specific SQL behind a work database, each step on a fresh admin connection. The shared
 * flow ({@link createWorkDatabase}) owns naming, error messages and clean-up after a failed step.
 */
export interface WorkDatabaseEngine {
  /** Creates `database` while connected through `admin`. */
  createDatabase(admin: ConnectionInfo, database: string): Promise<void>;
  /** Reads version and recorded settings through `connection` (already pointing at the work database). */
  readFacts(connection: ConnectionInfo): Promise<ServerFacts>;
  /**
   * Ends the sessions still in `database` (left by pools a crashed fork or a cancelled run held open,
   * which would block the drop) and drops it, connected through `admin`.
   */
  endSessionsAndDrop(admin: ConnectionInfo, database: string): Promise<void>;
}

/**
 * Creates a fresh work database on the server reached through `admin` (whose `database` is the one
 * to connect to for CREATE/DROP; MySQL allows it empty), reads version and settings in it, and checks
 * the server allows `minConnections`. `where` names the server in messages (already redacted); `fix`
 * says what to check when the server cannot be reached.
 */
export async function createWorkDatabase(
  engine: WorkDatabaseEngine,
  admin: ConnectionInfo,
  options: Pick<StartServerOptions, 'suite' | 'minConnections'>,
  where: string,
  fix: string,
): Promise<WorkDatabase> {
  const secrets = [admin.password];
  const connection: ConnectionInfo = { ...admin, database: workDatabaseName(options.suite) };
  await engine.createDatabase(admin, connection.database).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not create database ${connection.database} on ${where}: ${redactedErrorMessage(error, secrets)}. ${fix}`,
    );
  });
  const drop = (): Promise<void> => dropWorkDatabase(engine, admin, connection.database);
  try {
    const facts = await engine.readFacts(connection);
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
async function dropWorkDatabase(
  engine: WorkDatabaseEngine,
  admin: ConnectionInfo,
  database: string,
): Promise<void> {
  if (!isWorkDatabaseName(database))
    throw new Error(`refusing to drop ${database}: not a dbbench work database`);
  await engine.endSessionsAndDrop(admin, database).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not drop database ${database}: ${redactedErrorMessage(error, [admin.password])}. ` +
        `Drop it by hand: DROP DATABASE ${database};`,
    );
  });
}
