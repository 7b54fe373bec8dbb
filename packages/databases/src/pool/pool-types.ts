/**
 * What a metered pool is asked for and what it reports. A leaf of the import graph: the engine
 * contract names these shapes, so this file imports nothing.
 */

/** Pool construction options. */
export interface PoolOptions {
  /** Connections in the pool; all are opened and validated before `createPool` resolves. */
  readonly size: number;
  /** Fail an acquisition that waited this long (ms) with {@link AcquireTimeoutErrorLike}; undefined or 0 waits forever. */
  readonly acquireTimeoutMs?: number;
  /** The engine's Node driver by its axis name (`pg`, `postgresjs`, `mysql2`, `mariadb`); undefined: the engine's first. */
  readonly driver?: string;
}

/**
 * Which Node driver a pool speaks through and the settings of it that change results, so two
 * drivers are compared on equal terms and a report says which terms (`dbbench.facts[].driver`).
 */
export interface DriverFacts {
  /** The name the `driver` axis uses, e.g. `postgresjs`. */
  readonly name: string;
  /** The npm package, e.g. `postgres`. */
  readonly library: string;
  /** The installed package's version, read from its package.json. */
  readonly version: string;
  /**
   * Every setting that changes what a request costs or returns, as the pool applies it, in values
   * every driver of the engine spells alike: the docs refuse to compare two results whose settings
   * differ.
   */
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  /** What the driver does that no setting changes (e.g. an extra round trip by design); not compared. */
  readonly behaviour?: Readonly<Record<string, string>>;
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
 * Running totals of a pool's acquisitions, cheap to read at any moment (no percentiles): a profiler
 * takes the difference of two readings around a timed region, so untimed work on the same pool
 * (resets, verification) is not counted.
 */
export interface AcquireTally {
  /** Connections handed out so far. */
  readonly acquisitions: number;
  /** Sum of every acquisition's wait so far, ms. */
  readonly waitTotalMs: number;
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

/** How one statement is sent. */
export interface StatementOptions {
  /**
   * Prepared on the server once per connection and then only bound and executed (pg: a named
   * statement; postgres.js: `prepare: true`; mysql2 and the MariaDB connector: `execute`, the binary
   * protocol). Default: unprepared, as Kysely sends every statement.
   */
  readonly prepared?: boolean;
}

/** What one parameterised statement returned, as the driver gave it (no query builder between). */
export interface StatementResult {
  /** Rows of a SELECT (empty for a write). */
  readonly rows: readonly Record<string, unknown>[];
  /** Rows an INSERT, UPDATE or DELETE changed (0 for a SELECT where the driver reports none). */
  readonly affectedRows: number;
}

/**
 * The driver's own pool, pre-warmed and configured like the metered one (the same type parsing and
 * options) but with nothing of dbbench's between a caller and the driver: no acquire timing, no
 * statement counting. The reference a metered pool's own cost is read against.
 */
export interface BarePool {
  /** The driver and its settings. */
  readonly driver: DriverFacts;
  /** Runs one parameterised statement with the driver pool's own call (pg `Pool.query`, mysql2 `pool.query`). */
  execute(
    sqlText: string,
    parameters: readonly unknown[],
    options?: StatementOptions,
  ): Promise<StatementResult>;
  close(): Promise<void>;
}
