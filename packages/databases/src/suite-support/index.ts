/**
 * What every suite needs around the servers and pools of this package: its server options and run
 * setup, JSON-safe connection details, and server counter deltas — written once so suites do not
 * repeat them. Shapes are plain data a harness accepts structurally; nothing here imports one.
 */
export {
  toJsonConnectionInfo,
  toJsonDatabaseInfo,
  type JsonConnectionInfo,
  type JsonDatabaseInfo,
} from './json-connection-info.js';
export {
  parseProviderOption,
  parseReuseOption,
  PROVIDER_CHOICES,
  PROVIDER_VARIABLE,
  serverOptionFields,
  type ServerOptionFields,
} from './server-run-options.js';
export {
  CONNECTION_HEADROOM,
  startServerForRun,
  type RunServer,
  type RunServerRequest,
} from './start-server-for-run.js';
export {
  serverCounterDeltas,
  serverCounterUnit,
  subtractCounters,
  type ServerCounterDeltas,
} from './server-counter-deltas.js';
