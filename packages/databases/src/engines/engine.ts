/**
 * The one interface every database engine implements. Everything that differs between PostgreSQL
 * and MySQL/MariaDB — drivers, URLs, server binaries, images, SQL dialect, bulk paths, streaming,
 * counters — sits behind it, in `engines/<engine>/`, one file per member group with the same file
 * names in every engine folder (as kysely keeps one folder per dialect). Providers, the workload
 * and the suites ask an engine for specifics and never branch on its name.
 *
 * Adding an engine: a folder that implements this interface, and one line in `registry.ts`; the
 * compiler then lists whatever the new engine lacks.
 */
import type { Readable } from 'node:stream';
import type { ColumnDefinitionBuilder, Insertable, Kysely } from 'kysely';
import type {
  ContainerPlan,
  ContainerPlanOptions,
  StartableContainer,
} from '../providers/testcontainers/container-plan.js';
import type { EmbeddedBinaries } from '../providers/embedded/binary-cache.js';
import type { EmbeddedCluster, EmbeddedClusterOptions } from '../providers/embedded/embedded-cluster.js';
import type { LocalServerEngine } from '../providers/local/local-server.js';
import type { ServerFacts } from '../providers/server-facts.js';
import type {
  ConnectionInfo,
  DbbenchDatabase,
  JobExecutionTable,
  MeteredPool,
  PoolOptions,
  Session,
  StartServerOptions,
} from '../types.js';
import type { SourceRowInput, TargetRow } from '../workload/transform-row.js';
import type { SourceText, TargetText } from '../workload/transform-text.js';
import type { EngineName } from './registry.js';

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

/** The engine's metered pool (`<engine>-pool.ts`, sessions in `<engine>-session.ts`). */
export interface EnginePool {
  /** Opens a pre-warmed pool whose every acquisition is timed; see {@link MeteredPool}. */
  create(connection: ConnectionInfo, options: PoolOptions): Promise<MeteredPool>;
  /** Whether a Kysely instance (or transaction) talks this engine's dialect. */
  ownsKysely(db: Kysely<DbbenchDatabase>): boolean;
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
  /** Refreshes the planner's statistics of a table. */
  analyze(db: Kysely<DbbenchDatabase>, table: string): Promise<void>;
  /** Inserts a job_execution row and returns its generated id. */
  insertJob(db: Kysely<DbbenchDatabase>, job: Insertable<JobExecutionTable>): Promise<number>;
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

/** One key range streamed from the server with backpressure. */
export interface RangeReader {
  /** Object-mode Readable of raw driver rows (`id, name, amount, category, created_at`). */
  readonly rows: Readable;
  /** Stops reading and leaves the session ready for its next command; idempotent. */
  close(): Promise<void>;
}

/** An inclusive key range to stream. */
export interface KeyBounds {
  readonly start: number;
  readonly end: number;
}

/** Records a chunk's checkpoint through the chunk's own transaction. */
export type RecordChunkCheckpoint = (transaction: Kysely<DbbenchDatabase>) => Promise<void>;

/** Streaming reads and chunk writes (`<engine>-range-reader.ts`, `<engine>-target-writer.ts`). */
export interface EngineStreams {
  /**
   * Opens a backpressured reader of one key range of `source` on a checked-out session; the driver
   * fetches at most `batchSize` rows per round trip where it batches at all. `onRowsRead` is told how
   * many rows each fetch handed over.
   */
  openRangeReader(
    session: Session,
    range: KeyBounds,
    batchSize: number,
    onRowsRead: (rows: number) => void,
  ): RangeReader;
  /** How {@link writeTargetChunk} writes rows, for the docs (e.g. `COPY`, `multi-row INSERT`). */
  readonly targetWriterName: string;
  /**
   * Writes one chunk of target rows and its checkpoint in one transaction on one connection of the
   * pool, so the checkpoint can never name rows that are not there.
   */
  writeTargetChunk(
    pool: MeteredPool,
    rows: readonly TargetRow[],
    recordCheckpoint: RecordChunkCheckpoint,
  ): Promise<void>;
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
  readonly streams: EngineStreams;
  readonly counters: EngineCounters;
  readonly cacheWarmup: EngineCacheWarmup;
  readonly chunkWriters: EngineChunkWriters;
}

/** A partition's checkpoint, recorded with the chunk that ends at `lastId`. */
export interface ChunkCheckpoint {
  readonly jobId: number;
  readonly partitionNo: number;
  /** The source key of the chunk's last row. */
  readonly lastId: number;
}

/**
 * The batch job's lean reads and fast chunk writers (`<engine>-chunk-writers.ts`), all on one
 * checked-out session. Each writer commits the chunk and its checkpoint together or not at all.
 */
export interface EngineChunkWriters {
  /** How the docs name {@link writeAtomic}, e.g. `one-statement chunk + checkpoint (unnest)`. */
  readonly atomicName: string;
  /**
   * Runs one partition's reads and chunk writes on its held session, with the session set up for many
   * small commits and put back as it was afterwards. PostgreSQL: chunk commits do not wait for the WAL
   * flush (`synchronous_commit` off). Safe for the job: a chunk and its checkpoint commit together, so
   * a server crash can only lose the last chunks together with their checkpoints, which a resume
   * writes again; and the job's completion commits synchronously, which flushes every chunk before
   * the job reports COMPLETED. A session whose work threw is destroyed by the pool, never reused.
   */
  withPartitionSession<T>(session: Session, work: () => Promise<T>): Promise<T>;
  /**
   * Reads up to `limit` rows of `source` with `afterId < id <= endId` in key order, only the columns
   * the transformation needs (no `created_at`).
   */
  readSourcePage(
    session: Session,
    afterId: number,
    endId: number,
    limit: number,
  ): Promise<readonly SourceRowInput[]>;
  /** Writes the rows and moves the checkpoint in one round trip, atomically. */
  writeAtomic(session: Session, rows: readonly TargetRow[], checkpoint: ChunkCheckpoint): Promise<void>;
  /**
   * The same page as {@link readSourcePage}, as tab-separated text made by the server, for the bulk
   * writer: it is transformed text to text and never becomes row objects.
   */
  readSourceText(session: Session, afterId: number, endId: number, limit: number): Promise<SourceText>;
  /** Writes the text through the bulk path ({@link EngineBulkLoad}) and the checkpoint in one transaction. */
  writeBulk(session: Session, rows: TargetText, checkpoint: ChunkCheckpoint): Promise<void>;
}
