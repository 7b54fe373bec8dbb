/**
 * What the suite's parent process hands to every fork: the connection details of the server it
 * obtained. A type alias (not an interface) so it is assignable to the harness's `Json`.
 */
import type { ConnectionInfo } from '@dbbench/databases';

/** {@link ConnectionInfo} as plain JSON. Holds the password: never log it or put it in a report. */
export type PooledRunContext = { readonly [K in keyof ConnectionInfo]: ConnectionInfo[K] };

/** Copies a {@link ConnectionInfo} into the JSON shape that crosses the parent → fork boundary. */
export function toRunContext(connection: ConnectionInfo): PooledRunContext {
  const { engine, host, port, user, password, database } = connection;
  return { engine, host, port, user, password, database };
}
