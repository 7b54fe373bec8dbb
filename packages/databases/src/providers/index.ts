/**
 * Providers: real database servers obtained once per run (url | testcontainers | local | embedded),
 * with the facts a report records about them. Each provider is one flow for every engine; the
 * engine supplies what differs. {@link startServer} picks a provider, or runs the one named.
 */
export { startServer, providersFor } from './start-server.js';
export { PROVIDER_NAMES } from './provider-names.js';
export { CPU_LIMIT_PROVIDERS, cpuLimitRefusal } from './cpu-limit-providers.js';
export {
  checkCpuQuota,
  CPU_PERIOD_US,
  parseCpuQuota,
  quotaMicroseconds,
  type CpuQuota,
  type CpuThrottling,
  type ServerCpuLimit,
  type ServerCpuLimitState,
} from './cpu-limit.js';
export { redact, redactedErrorMessage, REDACTED } from './redact.js';
export {
  StartedServerHandle,
  type ServerContainerDetails,
  type ServerProcessDetails,
} from './started-server-handle.js';
export { parseServerUrl, redactedConnectionUrl } from './url/server-url.js';
export type { ServerFacts } from './server-facts.js';
export { DEFAULT_MIN_CONNECTIONS, LOCAL_WORK_DATABASE, serverMaxConnections } from './server-defaults.js';
export { isWorkDatabaseName, workDatabaseOwner, type WorkDatabaseOwner } from './work-database-name.js';
export { createWorkDatabase, type WorkDatabase } from './work-database.js';
export {
  dropOrphanedWorkDatabases,
  listWorkDatabases,
  workDatabaseState,
  type FoundWorkDatabase,
  type WorkDatabaseListing,
  type WorkDatabaseState,
} from './url/stale-work-databases.js';
export {
  containerOwnership,
  isRemovable,
  listDbbenchContainers,
  removeDbbenchContainers,
  type ContainerOwnership,
  type DbbenchContainer,
} from './testcontainers/dbbench-containers.js';
export type { LabelledContainer } from './testcontainers/labelled-containers.js';
export { READY_LOG_COUNT_LABEL, READY_LOG_LABEL } from './testcontainers/container-image.js';
export {
  DBBENCH_LABEL,
  ENGINE_LABEL,
  REUSE_LABEL,
  RUN_HOST_LABEL,
  RUN_LABEL,
  RUN_PID_LABEL,
} from './testcontainers/container-labels.js';
