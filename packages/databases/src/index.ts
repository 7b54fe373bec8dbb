/**
 * @dbbench/databases: real PostgreSQL and MySQL servers, metered pools over them, Kysely, and the
 * workload's schema, data and reset helpers. Everything engine-specific sits behind the
 * {@link Engine} interface in `engines/<engine>/`. Knows nothing about timing or any harness.
 */
export type * from './types.js';
export type * from './engines/engine.js';
export { SETTLE_SETTING } from './engines/engine.js';
// Looking an engine up by name is for entry points (a suite module built for one engine, a test
// looping over engines); everything else gets the Engine from its pool or session.
export { ENGINES, ENGINE_NAMES, engineNamed, isEngineName } from './engines/registry.js';
// The driver inside a session, for the suites' per-engine I/O (their `engines/<engine>/` folders).
export { mysqlConnectionOf, type MysqlSession } from './engines/mysql/mysql-session.js';
export {
  mariadbSessionOf,
  type MariadbRowStream,
  type MariadbSession,
} from './engines/mysql/mysql-second-session.js';
export { mysqlDriver, type MysqlDriver } from './engines/mysql/mysql-driver.js';
export { postgresDriver, type PostgresDriver } from './engines/postgres/postgres-driver.js';
export {
  postgresJsSessionOf,
  type PostgresJsCursor,
  type PostgresJsSession,
} from './engines/postgres/postgres-second-session.js';
export { postgresClientOf, type PostgresSession } from './engines/postgres/postgres-session.js';
export { BulkLoadDisabledError, DatabaseSetupError, InvalidValueError, UserFixableError } from './errors.js';
export * from './providers/index.js';
export * from './pool/index.js';
export * from './source-data/index.js';
export * from './workload/index.js';
