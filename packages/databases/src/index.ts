/**
 * @dbbench/databases: real PostgreSQL and MySQL servers, metered pools over them, Kysely, and the
 * workload's schema, data and reset helpers. Everything engine-specific sits behind the
 * {@link Engine} interface in `engines/<engine>/`. Knows nothing about timing or any harness.
 */
export type * from './types.js';
export type * from './engines/engine.js';
export { ENGINES, ENGINE_NAMES, engineNamed, engineOfKysely, isEngineName } from './engines/registry.js';
export { BulkLoadDisabledError, DatabaseSetupError, InvalidValueError, UserFixableError } from './errors.js';
export * from './providers/index.js';
export * from './pool/index.js';
export * from './source-data/index.js';
export * from './workload/index.js';
