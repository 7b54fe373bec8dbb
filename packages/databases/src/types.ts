/**
 * The public shapes of @dbbench/databases: what a provider hands out, what a metered pool offers,
 * and the workload's tables. Engine-specific implementations live in `engines/<engine>/`; suites
 * import only from the package barrel.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { EngineName } from './engines/registry.js';

export type { EngineName } from './engines/registry.js';

/** Where a server comes from, in auto-selection order. */
export type ProviderName = 'url' | 'testcontainers' | 'local' | 'embedded';

/**
 * Serialisable connection details handed from the parent to every fork. Holds the password, so it
 * is never logged or written to a report: display {@link DatabaseInfo.redactedUrl} instead.
 */
export interface ConnectionInfo {
  readonly engine: EngineName;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** The database dbbench works in (for the url provider, the `dbbench_<suite>_<random>` one it created). */
  readonly database: string;
}

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

/** How to obtain a server. */
export interface StartServerOptions {
  /** A named provider, or `auto` (url if given, else testcontainers, else local, else embedded). */
  readonly provider?: ProviderName | 'auto';
  /** Server URL for the url provider (otherwise DBBENCH_POSTGRES_URL / DBBENCH_MYSQL_URL). */
  readonly url?: string;
  /** Suite name, used in the `dbbench_<suite>_<random>` database name. */
  readonly suite: string;
  /** Keep a testcontainers container for the next run (testcontainers reuse). */
  readonly reuse?: boolean;
  /**
   * The container image for the testcontainers provider; otherwise the engine's image variable
   * (DBBENCH_POSTGRES_IMAGE / DBBENCH_MYSQL_IMAGE), else its official image.
   */
  readonly image?: string;
  /** The server must accept at least this many connections (largest poolSize plus headroom). */
  readonly minConnections?: number;
  /** Progress lines (never containing secrets). */
  readonly log?: (message: string) => void;
}

/** Pool construction options. */
export interface PoolOptions {
  /** Connections in the pool; all are opened and validated before `createPool` resolves. */
  readonly size: number;
  /** Fail an acquisition that waited this long (ms) with {@link AcquireTimeoutErrorLike}; undefined or 0 waits forever. */
  readonly acquireTimeoutMs?: number;
}

/** A percentile summary of acquire waits, in milliseconds. */
export interface WaitSummaryMs {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** What dbbench measured about a pool since creation or the last `resetMetrics()`. */
export interface PoolMetrics {
  readonly acquisitions: number;
  readonly acquireWaitMs: WaitSummaryMs;
  readonly acquireTimeouts: number;
  /** Highest number of callers waiting for a connection at once. */
  readonly maxWaiting: number;
  /**
   * Physical connections opened since the last `resetMetrics()` (0 for a healthy pre-warmed pool);
   * the pre-warm itself is counted only until the first reset.
   */
  readonly connectionsOpened: number;
}

/**
 * One connection checked out of a metered pool. What driver object is inside is the engine's
 * business (`engines/<engine>/<engine>-session.ts`); engine operations take the session whole.
 */
export interface Session {
  readonly engine: EngineName;
  /** Runs one SQL statement without parameters and returns its rows (e.g. `SELECT 1`). */
  query(sqlText: string): Promise<readonly Record<string, unknown>[]>;
  /** Kysely bound to this one connection: its statements run on it, inside its open transaction if any. */
  readonly db: Kysely<DbbenchDatabase>;
}

/** Shape of the error thrown when an acquisition times out (`name === 'AcquireTimeoutError'`). */
export interface AcquireTimeoutErrorLike extends Error {
  readonly name: 'AcquireTimeoutError';
  readonly waitedMs: number;
}

/** Work a pool's connections asked of the server since the pool was created, counted client side. */
export interface WorkCounters {
  /** Statements sent (each is at least one round trip). */
  readonly statements: number;
  /** Transactions opened explicitly (BEGIN / START TRANSACTION). */
  readonly transactions: number;
  /** Bytes written to the server's sockets. */
  readonly bytesSent: number;
  /** Bytes read from the server's sockets. */
  readonly bytesReceived: number;
}

/** A pre-warmed pool whose every acquisition is timed by dbbench (neither driver exposes acquire wait). */
export interface MeteredPool extends AsyncDisposable {
  readonly engine: EngineName;
  readonly size: number;
  /** Kysely over this pool: its acquisitions are metered too. */
  readonly db: Kysely<DbbenchDatabase>;
  /** Acquire a connection (timed), run `fn`, release it (destroyed instead if `fn` threw: it may be mid-protocol). */
  withConnection<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  metrics(): PoolMetrics;
  resetMetrics(): void;
  /** Cumulative work counters (statements, transactions, bytes), for deltas around a measurement. */
  work(): WorkCounters;
  /** Connections currently idle in the pool (for leak checks). */
  idleCount(): number;
  /** Connections currently open. */
  totalCount(): number;
  close(): Promise<void>;
}

/** source: the rows a job reads. `amount` is numeric(12,2), returned by both drivers as a string. */
export interface SourceTable {
  id: string | number | bigint;
  name: string;
  amount: string;
  category: string;
  created_at: Date;
}

/** target: what a job writes, one row per source row, derived by `transformRow`. */
export interface TargetTable {
  source_id: string | number | bigint;
  name_upper: string;
  amount_cents: string | number | bigint;
  tax_cents: string | number | bigint;
  category_code: string;
  is_large: number;
}

/** job_execution: one row per job run (a small job repository, as Spring Batch keeps). */
export interface JobExecutionTable {
  /** Generated by the database (identity / auto_increment). */
  id: Generated<string | number | bigint>;
  job_name: string;
  status: string;
  partitions: number;
  /** Defaults to the server's current time on insert. */
  started_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: Date | null;
}

/** partition_execution: one row per partition, with the last key written (checkpoint). */
export interface PartitionExecutionTable {
  job_id: string | number | bigint;
  partition_no: number;
  range_start: string | number | bigint;
  range_end: string | number | bigint;
  checkpoint_id: string | number | bigint | null;
  rows_written: number;
  status: string;
}

/** The Kysely database type of the workload. */
export interface DbbenchDatabase {
  source: SourceTable;
  target: TargetTable;
  job_execution: JobExecutionTable;
  partition_execution: PartitionExecutionTable;
}
