/**
 * JSON-safe copies of what a started server describes, for suites whose harness passes plain JSON
 * between processes: interfaces are not assignable to a JSON index-signature type, these aliases are.
 */
import type { ConnectionInfo, DatabaseInfo } from '../types.js';

/** {@link ConnectionInfo} as a plain JSON object type. Holds the password: never log or report it. */
export type JsonConnectionInfo = { readonly [K in keyof ConnectionInfo]: ConnectionInfo[K] };

/** {@link DatabaseInfo} as a plain JSON object type (no secrets: the URL is already redacted). */
export type JsonDatabaseInfo = {
  readonly [K in keyof DatabaseInfo]: K extends 'settings'
    ? { readonly [name: string]: string }
    : DatabaseInfo[K];
};

/** Copies connection details into a {@link JsonConnectionInfo}, dropping anything beyond its fields. */
export function toJsonConnectionInfo(connection: ConnectionInfo): JsonConnectionInfo {
  const { engine, host, port, user, password, database } = connection;
  return { engine, host, port, user, password, database };
}

/** Copies a server's report facts into a {@link JsonDatabaseInfo} (settings copied, not shared). */
export function toJsonDatabaseInfo(info: DatabaseInfo): JsonDatabaseInfo {
  return { ...info, settings: { ...info.settings } };
}
