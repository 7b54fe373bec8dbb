/**
 * The public shapes of @dbbench/databases in one place: what a provider hands out, what a metered
 * pool offers, and the workload's tables. Each is declared where the import graph needs it (the
 * engine contract, `engines/engine.ts`, sits at the bottom and names pools, sessions and
 * connections; leaf files hold the shapes it names); this file gathers them and adds what a
 * started server carries. Suites import only from the package barrel.
 */
import type { ConnectionInfo, EngineName } from './engines/engine.js';
import type { ProviderName } from './providers/provider-names.js';

export type { ConnectionInfo, EngineName, MeteredPool, Session } from './engines/engine.js';
export type { ProviderName } from './providers/provider-names.js';
export type { StartServerOptions } from './providers/start-server-options.js';
export type {
  AcquireTally,
  AcquireTimeoutErrorLike,
  BarePool,
  DriverFacts,
  PoolMetrics,
  PoolOptions,
  StatementOptions,
  StatementResult,
  WaitSummaryMs,
  WorkCounters,
} from './pool/pool-types.js';
export type {
  DbbenchDatabase,
  JobExecutionTable,
  PartitionExecutionTable,
  SourceTable,
  TargetTable,
} from './workload/workload-tables.js';

/** What a report records about the server: provider, version and the settings that shape results. */
export interface DatabaseInfo {
  readonly engine: EngineName;
  readonly provider: ProviderName;
  /** `SELECT version()` verbatim. */
  readonly version: string;
  /** The product and version the version string names, e.g. `MariaDB 10.11.19`, `PostgreSQL 15.19`. */
  readonly product: string;
  /** Connection URL with the password replaced by `***`. */
  readonly redactedUrl: string;
  /**
   * PostgreSQL: fsync, synchronous_commit, shared_buffers, max_connections.
   * MySQL: innodb_buffer_pool_size, innodb_flush_log_at_trx_commit, max_connections, max_allowed_packet.
   */
  readonly settings: Readonly<Record<string, string>>;
  /** The container image the server runs from (testcontainers provider only), e.g. `postgres:16-alpine`. */
  readonly image?: string;
}

/** A running server obtained by a provider; disposing it stops/removes what the provider created. */
export interface StartedServer extends AsyncDisposable {
  readonly connection: ConnectionInfo;
  readonly info: DatabaseInfo;
  stop(): Promise<void>;
}
