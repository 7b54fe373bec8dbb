/**
 * Providers: real database servers obtained once per run (url | testcontainers | local | embedded),
 * with the facts a report records about them. {@link startServer} picks one; the per-provider start
 * functions are exported for callers and tests that must pin one.
 */
export { startServer } from './start-server.js';
export { PROVIDER_NAMES } from './provider-names.js';
export { DatabaseSetupError } from './database-setup-error.js';
export { redact, REDACTED } from './redact.js';
export { StartedServerHandle, type ServerProcessDetails } from './started-server-handle.js';
export { URL_VARIABLE, parseServerUrl, redactedConnectionUrl } from './server-url.js';
export { POSTGRES_BINDIR_VARIABLE } from './postgres-binaries.js';
export { MYSQL_BINDIR_VARIABLE } from './mysql-binaries.js';
export { POSTGRES_RECORDED_SETTINGS } from './postgres-server-info.js';
export { MYSQL_RECORDED_SETTINGS } from './mysql-server-info.js';
export { DEFAULT_MIN_CONNECTIONS, LOCAL_WORK_DATABASE } from './server-defaults.js';
export { startPostgresUrlServer } from './postgres-url-provider.js';
export { startMysqlUrlServer } from './mysql-url-provider.js';
export { startPostgresTestcontainersServer } from './postgres-testcontainers-provider.js';
export { startMysqlTestcontainersServer } from './mysql-testcontainers-provider.js';
export { startPostgresLocalServer } from './postgres-local-provider.js';
export { startMysqlLocalServer } from './mysql-local-provider.js';
export { startPostgresEmbeddedServer } from './postgres-embedded-provider.js';
