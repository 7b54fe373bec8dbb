import type { Engine } from '../engines/engine.js';
import { DatabaseSetupError } from '../errors.js';
import type { ConnectionInfo, DatabaseInfo, ProviderName } from '../types.js';
import { redactedConnectionUrl } from './url/server-url.js';

/** What a report records about a server, read from a live connection. */
export interface ServerFacts {
  /** `SELECT version()` verbatim. */
  readonly version: string;
  /** Setting name → value as the server shows it (`128MB`, `on`, `1`). */
  readonly settings: Readonly<Record<string, string>>;
}

/** The {@link DatabaseInfo} a handle carries: provider, facts and the redacted URL of the work database. */
export function databaseInfo(
  engine: Engine,
  provider: ProviderName,
  connection: ConnectionInfo,
  facts: ServerFacts,
): DatabaseInfo {
  return {
    engine: connection.engine,
    provider,
    version: facts.version,
    product: engine.facts.productName(facts.version),
    redactedUrl: redactedConnectionUrl(connection),
    settings: facts.settings,
  };
}

/**
 * Fails when a server that dbbench did not start allows fewer connections than the run needs
 * (largest pool × forks in flight, plus room); a server dbbench starts is given enough instead.
 */
export function assertConnectionCapacity(
  facts: ServerFacts,
  minConnections: number | undefined,
  where: string,
): void {
  const allowed = Number(facts.settings['max_connections']);
  if (minConnections === undefined || !Number.isFinite(allowed) || allowed >= minConnections) return;
  throw new DatabaseSetupError(
    `${where} allows max_connections=${allowed}, but this run needs ${minConnections} ` +
      `(its largest pool plus room for setup). Raise max_connections on that server or run with a smaller poolSize.`,
  );
}
