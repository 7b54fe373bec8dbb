/** The database created inside every local and embedded server for the benchmarks to work in. */
export const LOCAL_WORK_DATABASE = 'dbbench';

/** Connections a run may need when the caller does not say (largest poolSize × forks, with room). */
export const DEFAULT_MIN_CONNECTIONS = 200;

// Room above the pools for admin, reset and verification connections.
const ADMIN_CONNECTIONS = 10;

/** max_connections for a server dbbench starts itself (local, embedded, container). */
export function serverMaxConnections(minConnections: number | undefined): number {
  return (minConnections ?? DEFAULT_MIN_CONNECTIONS) + ADMIN_CONNECTIONS;
}
