import type { ConnectionInfo, DatabaseInfo, ProviderName } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { redactedConnectionUrl } from './server-url.js';

/** What a report records about a server, read from a live connection. */
export interface ServerFacts {
  /** `SELECT version()` verbatim. */
  readonly version: string;
  /** Setting name → value as the server shows it (`128MB`, `on`, `1`). */
  readonly settings: Readonly<Record<string, string>>;
}

/** The {@link DatabaseInfo} a handle carries: provider, facts and the redacted URL of the work database. */
export function databaseInfo(
  provider: ProviderName,
  connection: ConnectionInfo,
  facts: ServerFacts,
): DatabaseInfo {
  return {
    engine: connection.engine,
    provider,
    version: facts.version,
    redactedUrl: redactedConnectionUrl(connection),
    settings: facts.settings,
  };
}

/**
 * Fails when a server that dbbench did not start allows fewer connections than the run needs
 * (largest pool × forks in flight); a local server is started with enough instead.
 */
export function assertConnectionCapacity(
  facts: ServerFacts,
  minConnections: number | undefined,
  where: string,
): void {
  const allowed = Number(facts.settings['max_connections']);
  if (minConnections === undefined || !Number.isFinite(allowed) || allowed >= minConnections) return;
  throw new DatabaseSetupError(
    `${where} allows max_connections=${allowed}, but this run needs ${minConnections}. ` +
      `Raise max_connections on that server or run with a smaller poolSize.`,
  );
}
