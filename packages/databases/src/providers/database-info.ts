import type { Engine } from '../engines/engine.js';
import type { ConnectionInfo, DatabaseInfo, ProviderName } from '../types.js';
import type { ServerFacts } from './server-facts.js';
import { redactedConnectionUrl } from './url/server-url.js';

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
    redactedUrl: redactedConnectionUrl(engine, connection),
    settings: facts.settings,
  };
}
