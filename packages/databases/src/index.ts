/**
 * @dbbench/databases: real PostgreSQL and MySQL servers, metered pools over them, Kysely, and the
 * workload's schema, data and reset helpers. Knows nothing about timing.
 */
export type * from './types.js';
export * from './providers/index.js';
export * from './pool/index.js';
export * from './workload/index.js';
export * from './suite-support/index.js';
