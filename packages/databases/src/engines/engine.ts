/**
 * The one interface every database engine implements, and the bottom of the package: everything
 * that differs between PostgreSQL and MySQL/MariaDB — drivers, URLs, server binaries, images, SQL
 * spellings, bulk paths, counters — sits behind it, in `engines/<engine>/`, one file per member group
 * with the same file names in every engine folder (as kysely keeps one folder per dialect).
 * Providers and the workload ask an engine for specifics and never branch on its name; pools and
 * sessions carry their engine, so only the entry points that receive an engine by name (a suite
 * module, a fork's connection, a URL, the watchdog's orders) look one up in `registry.ts`.
 *
 * This file declares every type it names that names an engine back (connections, pools, sessions,
 * what a local server is); the rest comes from leaf files that import nothing from the package
 * which could import this one, so the contract never sits in an import circle. I/O that only one
 * suite needs (the pooled job's chunk writers, the reactive suite's streams) is not here: each suite
 * keeps it per engine behind an interface of its own.
 *
 * Adding an engine: its name in {@link EngineName}, a folder that implements this interface, and one
 * line in `registry.ts`; the compiler then lists whatever the new engine lacks.
 */
import type { ColumnDefinitionBuilder, Insertable, Kysely } from 'kysely';
import type {
  AcquireTally,
  BarePool,
  DriverFacts,
  PoolMetrics,
  PoolOptions,
  StatementOptions,
  StatementResult,
  WorkCounters,
} from '../pool/pool-types.js';
import type { EmbeddedBinaries } from '../providers/embedded/binary-cache.js';
import type { EmbeddedCluster, EmbeddedClusterOptions } from '../providers/embedded/embedded-cluster.js';
import type { SystemAccount } from '../providers/local/system-user.js';
import type { ServerFacts } from '../providers/server-facts.js';
import type { StartServerOptions } from '../providers/start-server-options.js';
import type {
  ContainerPlan,
  ContainerPlanOptions,
  StartableContainer,
} from '../providers/testcontainers/container-plan.js';
import type { DbbenchDatabase, JobExecutionTable } from '../workload/workload-tables.js';

/** The name of a registered engine. MariaDB is served by `mysql`. */
export type EngineName = 'postgres' | 'mysql';

/**
 * Serialisable connection details handed from the parent to every fork. Holds the password, so it
 * is never logged or written to a report: display `DatabaseInfo.redactedUrl` instead. It names
 * its engine by name, since it crosses process boundaries as JSON.
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

/**
 * One connection checked out of a metered pool. What driver object is inside is the engine's
 * business (`engines/<engine>/<engine>-session.ts`); engine operations take the session whole.
 */
export interface Session {
  /** The engine this session speaks to, so code handed a session needs no lookup. */
  readonly engine: Engine;
  /** Runs one SQL statement without parameters and returns its rows (e.g. `SELECT 1`). */
  query(sqlText: string): Promise<readonly Record<string, unknown>[]>;
  /**
   * Runs one parameterised statement with the driver's own call — the one Kysely's dialect makes
   * (pg `client.query(text, values)`, mysql2 `connection.query(sql, values)`) — so the same SQL text
   * with and without the query builder differ only by the builder.
   */
  execute(
    sqlText: string,
    parameters: readonly unknown[],
    options?: StatementOptions,
  ): Promise<StatementResult>;
  /** Kysely bound to this one connection: its statements run on it, inside its open transaction if any. */
  readonly db: Kysely<DbbenchDatabase>;
}

/** A pre-warmed pool whose every acquisition is timed by dbbench (neither driver exposes acquire wait). */
export interface MeteredPool extends AsyncDisposable {
  /** The engine this pool speaks to, so code handed a pool needs no lookup (its name: `engine.name`). */
  readonly engine: Engine;
  readonly size: number;
  /** The Node driver under the pool and its settings. */
  readonly driver: DriverFacts;
  /** Kysely over this pool: its acquisitions are metered too. */
  readonly db: Kysely<DbbenchDatabase>;
  /** Acquire a connection (timed), run `fn`, release it (destroyed instead if `fn` threw: it may be mid-protocol). */
  withConnection<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  metrics(): PoolMetrics;
  /** Running acquisition totals since creation, cheap enough to read around every timed region. */
  acquireTally(): AcquireTally;
  resetMetrics(): void;
  /** Cumulative work counters (statements, transactions, bytes), for deltas around a measurement. */
  work(): WorkCounters;
  /** Connections currently idle in the pool (for leak checks). */
  idleCount(): number;
  /** Connections currently open. */
  totalCount(): number;
  close(): Promise<void>;
}

/** How a local server is named in each message, so every engine keeps its own wording. */
export interface LocalServerNames {
  /** While launching and waiting for readiness: `local PostgreSQL (/usr/lib/…/postgres)`. */
  readonly launch: string;
  /** In `local: <started> on 127.0.0.1:<port>, data in …`. */
  readonly started: string;
  /** In `local: <stopped> on port <port> stopped, … removed`. */
  readonly stopped: string;
  /** In `The <failed> could not start: …`. */
  readonly failed: string;
}

/** The parts of a local server that depend on its fresh temp directory. */
export interface LocalServerLayout {
  /**
   * Creates the data directory (initdb, mariadb-install-db); its output goes to `logFile` in the
   * directory. Runs once per set of binaries, arguments and account: later runs copy its result
   * (see `local-data-directory.ts`), so nothing but `dataDir` may depend on it.
   */
  readonly initialise: {
    readonly command: string;
    readonly args: readonly string[];
    readonly logFile: string;
    /** The directory the command creates, inside the server directory: what a template holds. */
    readonly dataDir: string;
  };
  /** The server binary and its arguments for a given port. */
  readonly command: string;
  args(port: number): readonly string[];
  /** The server's own clean shutdown signal. */
  readonly stopSignal: NodeJS.Signals;
  /** Succeeds once the server accepts a connection; `connection` names the port being tried. */
  probe(connection: ConnectionInfo): Promise<void>;
  /** Creates the local work database on the ready server and reads its facts there. */
  prepare(connection: ConnectionInfo): Promise<ServerFacts>;
}

/** What the local provider needs to know about one engine's binaries; the flow is `startLocalServer`. */
export interface LocalServerEngine {
  /** The account the server runs as (undefined: this process's). */
  readonly account: SystemAccount | undefined;
  /** The superuser the data directory is initialised with: no password, loopback only. */
  readonly user: string;
  readonly names: LocalServerNames;
  layout(directory: string): LocalServerLayout;
}

/** How a server URL for this engine is written and read (`<engine>-url.ts`). */
export interface EngineUrl {
  /** Accepted URL schemes with their colon, e.g. `postgres:`, `postgresql:`. */
  readonly schemes: readonly string[];
  /** The scheme redacted URLs are written with, e.g. `postgres`. */
  readonly canonicalScheme: string;
  readonly defaultPort: number;
  readonly defaultUser: string;
  /** The environment variable that names a server, e.g. `DBBENCH_POSTGRES_URL`. */
  readonly variable: string;
  /** An example URL for messages (its password is a placeholder, shown as is). */
  readonly example: string;
  /** The privilege the URL's user needs, as the fix in a failure message names it. */
  readonly createPrivilege: string;
  /** The connection CREATE/DROP DATABASE run through, from the parsed URL. */
  adminConnection(parsed: ConnectionInfo): ConnectionInfo;
}

/**
 * One Node driver of an engine behind the pool contract: the same metering (acquire wait, statements,
 * bytes), the same pre-warm and the same type parsing whatever the driver, so the suites stay
 * driver-blind and two drivers differ only by themselves.
 */
export interface EngineDriver {
  /** Its value on the `driver` axis, e.g. `pg`, `postgresjs`. */
  readonly name: string;
  /** The npm package it is, e.g. `postgres`. */
  readonly library: string;
  /** How the docs name it, e.g. `postgres.js`. */
  readonly label: string;
  /**
   * Opens a pre-warmed pool whose every acquisition is timed; see {@link MeteredPool}. `engine` is
   * the engine the pool and its sessions carry: this one, handed in because an engine's files never
   * import the engine object they make up.
   */
  create(engine: Engine, connection: ConnectionInfo, options: PoolOptions): Promise<MeteredPool>;
  /**
   * Opens the driver's own pool of `size` connections, pre-warmed and configured like
   * {@link create}'s but not metered; see {@link BarePool}.
   */
  createBare(connection: ConnectionInfo, size: number): Promise<BarePool>;
}

/**
 * The engine's drivers (`<engine>-pool.ts`, sessions in `<engine>-session.ts`; the second driver in
 * `<engine>-second-pool.ts` and `<engine>-second-session.ts`). The first is the default, and the only
 * one the engine's bulk paths (COPY, cursors, LOAD DATA) are written for.
 */
export interface EnginePool {
  readonly drivers: readonly [EngineDriver, ...EngineDriver[]];
}

/**
 * The SQL behind a `dbbench_<suite>_<random>` work database on a server dbbench does not own
 * (`<engine>-work-database.ts`); every step opens its own admin connection.
 */
export interface EngineWorkDatabase {
  /** Creates `database` while connected through `admin`. */
  createDatabase(admin: ConnectionInfo, database: string): Promise<void>;
  /** Reads version and recorded settings through `connection` (already pointing at the work database). */
  readFacts(connection: ConnectionInfo): Promise<ServerFacts>;
  /** Ends the sessions still in `database` (they would block the drop) and drops it, through `admin`. */
  endSessionsAndDrop(admin: ConnectionInfo, database: string): Promise<void>;
  /** The names of the databases on the server that start with `dbbench_`, through `admin`. */
  listDbbenchDatabases(admin: ConnectionInfo): Promise<string[]>;
}

/** What a report records about a server of this engine (`<engine>-server-facts.ts`). */
export interface EngineFacts {
  /** Settings that shape results, recorded in every report. */
  readonly recordedSettings: readonly string[];
  /** The product a `SELECT version()` string names, e.g. `MariaDB 10.11.19`, `PostgreSQL 15.19`. */
  productName(version: string): string;
}

/** Local server binaries and how to launch them (`<engine>-local-server.ts`). */
export interface EngineLocalServer {
  /** Finds the binaries and the account to run them as; throws a `DatabaseSetupError` saying what to install. */
  describe(options: StartServerOptions): Promise<LocalServerEngine>;
}

/** The container this engine runs in (`<engine>-container.ts`). */
export interface EngineContainer {
  /** The official image started unless another is named, e.g. `postgres:16-alpine`. */
  readonly defaultImage: string;
  /** The environment variable that names another image, e.g. `DBBENCH_POSTGRES_IMAGE`. */
  readonly imageVariable: string;
  /** The container to start from `options.image`, as plain data (pure: checked without a container engine). */
  plan(options: ContainerPlanOptions): ContainerPlan;
  /** Applies the plan to the engine's testcontainers module (nothing runs yet). */
  build(plan: ContainerPlan): Promise<StartableContainer>;
}

/** A server shipped as an npm package (`<engine>-embedded.ts`). */
export interface EngineEmbedded {
  /** The package it comes from, for messages. */
  readonly packageName: string;
  /** The account the server must run as when this process is root (undefined: this process's). */
  readonly systemUser: string | undefined;
  /** The superuser the cluster is initialised with. */
  readonly user: string;
  /** The server's own clean shutdown signal (what the watchdog sends). */
  readonly stopSignal: NodeJS.Signals;
  /** Finds the package's server binaries (the provider copies them into a cache the server's account can read). */
  locateBinaries(): Promise<EmbeddedBinaries>;
  /** Describes a cluster run from the cached binaries (nothing starts yet). */
  createCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster>;
  /** Creates the work database on the running server and reads its facts there. */
  prepare(connection: ConnectionInfo): Promise<ServerFacts>;
}

/** Where an engine has no embedded server, why (for the provider's message). */
export interface NoEmbeddedServer {
  readonly unavailable: string;
}

/**
 * The setting every report records (beside the engine's own) saying how each fork settles the server
 * before it measures ({@link EngineSql.settleWrites}), or why it does not.
 */
export const SETTLE_SETTING = 'dbbench: settle before each fork';

/** DDL that differs between engines (`<engine>-schema.ts`). */
export interface EngineSchema {
  /** A timestamp without time zone that keeps whole seconds exactly (`timestamp`, `datetime`). */
  readonly timestampType: 'timestamp' | 'datetime';
  /** The column type of a generated bigint key (`bigserial`, `bigint`). */
  readonly identityType: 'bigserial' | 'bigint';
  /** Makes a column of {@link identityType} a generated primary key. */
  identity(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

/** Statements whose spelling differs between engines (`<engine>-sql.ts`). */
export interface EngineSql {
  /** The type an exact integer is cast to in SQL (`bigint`, `SIGNED`). */
  readonly integerCast: string;
  /** Empties tables and restarts their generated keys. */
  truncate(db: Kysely<DbbenchDatabase>, tables: readonly string[]): Promise<void>;
  /** Refreshes the planner's statistics of a freshly loaded table (and settles what else the engine keeps per row). */
  analyze(db: Kysely<DbbenchDatabase>, table: string): Promise<void>;
  /** Inserts a job_execution row and returns its generated id. */
  insertJob(db: Kysely<DbbenchDatabase>, job: Insertable<JobExecutionTable>): Promise<number>;
  /**
   * Settles the server's writing before a fork measures, outside the timed region, where the engine
   * has a statement for it: PostgreSQL's CHECKPOINT (dirty buffers flushed, so no checkpoint spreads
   * its writes over the measurement, and the next WAL segments are recycled, not created). Resolves
   * to whether it did; false where the engine has none or the user may not run it.
   */
  settleWrites(db: Kysely<DbbenchDatabase>): Promise<boolean>;
}

/** The server's bulk path (`<engine>-bulk-load.ts`): COPY FROM STDIN, LOAD DATA LOCAL INFILE. */
export interface EngineBulkLoad {
  /** What the docs call it, e.g. `COPY`, `LOAD DATA LOCAL`. */
  readonly name: string;
  /**
   * Streams tab-separated text (see `source-data/tab-separated-text.ts`) into `table`'s `columns`
   * on one session and returns the rows the server reports loaded. Throws {@link BulkLoadDisabledError}
   * when the server refuses the bulk path.
   */
  load(
    session: Session,
    table: string,
    columns: readonly string[],
    text: Iterable<Buffer> | AsyncIterable<Buffer>,
  ): Promise<number>;
}

/** Server-side work counters (`<engine>-counters.ts`). */
export interface EngineCounters {
  /**
   * The server's cumulative counters by their own names. Call only while no work holds the pool (on
   * PostgreSQL every pooled session is first made to publish its statistics).
   */
  read(pool: MeteredPool): Promise<Record<string, number>>;
}

/** Cache warm-up beyond the full scan every engine gets (`<engine>-cache-warmup.ts`). */
export interface EngineCacheWarmup {
  /** Loads `source` and its key into the server's cache if the engine can; true when it did. */
  prewarm(pool: MeteredPool): Promise<boolean>;
}

/** A database engine dbbench measures. */
export interface Engine {
  /** Its key in the registry, e.g. `postgres`. */
  readonly name: EngineName;
  /** How messages name the engine family, e.g. `PostgreSQL`, `MySQL`. */
  readonly label: string;
  readonly url: EngineUrl;
  readonly pool: EnginePool;
  readonly workDatabase: EngineWorkDatabase;
  readonly facts: EngineFacts;
  readonly localServer: EngineLocalServer;
  readonly container: EngineContainer;
  readonly embedded: EngineEmbedded | NoEmbeddedServer;
  readonly schema: EngineSchema;
  readonly sql: EngineSql;
  readonly bulkLoad: EngineBulkLoad;
  readonly counters: EngineCounters;
  readonly cacheWarmup: EngineCacheWarmup;
}
