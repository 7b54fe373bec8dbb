/**
 * What a suite's parent process hands to every fork: the connection details of the server it
 * obtained, as a plain JSON object (interfaces are not assignable to the harness's JSON type;
 * these mapped aliases are).
 */
import type { ConnectionInfo, DatabaseInfo } from '@dbbench/databases';
import type { BenchmarkContext } from '@dbbench/harness';

/** {@link ConnectionInfo} as a plain JSON object type. Holds the password: never log or report it. */
export type RunContext = { readonly [K in keyof ConnectionInfo]: ConnectionInfo[K] };

/** {@link DatabaseInfo} as a plain JSON object type (no secrets: the URL is already redacted). */
export type RunDatabaseInfo = {
  readonly [K in keyof DatabaseInfo]: K extends 'settings'
    ? { readonly [name: string]: string }
    : DatabaseInfo[K];
};

/** A benchmark context of a database suite. */
export type SuiteContext = BenchmarkContext<RunContext>;

/** Copies connection details into a {@link RunContext}, dropping anything beyond its fields. */
export function toRunContext(connection: ConnectionInfo): RunContext {
  const { engine, host, port, user, password, database } = connection;
  return { engine, host, port, user, password, database };
}

/** Copies a server's report facts into a {@link RunDatabaseInfo} (settings copied, not shared). */
export function toRunDatabaseInfo(info: DatabaseInfo): RunDatabaseInfo {
  return { ...info, settings: { ...info.settings } };
}
