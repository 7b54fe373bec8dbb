import type { ConnectionInfo, Engine } from '@dbbench/databases';
import type { BenchmarkContext } from '@dbbench/harness';

/**
 * The connection details the parent hands to every fork: a {@link ConnectionInfo} written as a plain
 * JSON object type, which is what the harness's IPC accepts. Holds the password: never log it.
 */
export type ConnectionContext = {
  readonly engine: Engine;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
};

/** Copies a server's connection details into a {@link ConnectionContext}. */
export function toConnectionContext(connection: ConnectionInfo): ConnectionContext {
  const { engine, host, port, user, password, database } = connection;
  return { engine, host, port, user, password, database };
}

/** Shorthand for a benchmark context of this suite. */
export type SuiteContext = BenchmarkContext<ConnectionContext>;
