/**
 * What a live server tells dbbench about itself, and the capacity check made from it. A leaf of the
 * import graph: the engine contract names {@link ServerFacts}, so this file imports nothing that
 * imports the contract back.
 */
import { DatabaseSetupError } from '../errors.js';

/** What a report records about a server, read from a live connection. */
export interface ServerFacts {
  /** `SELECT version()` verbatim. */
  readonly version: string;
  /** Setting name → value as the server shows it (`128MB`, `on`, `1`). */
  readonly settings: Readonly<Record<string, string>>;
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
