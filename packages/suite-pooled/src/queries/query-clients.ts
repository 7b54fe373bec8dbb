/**
 * The `client` axis of the queries benchmark: what stands between a request and the driver.
 *
 * - `kysely` — the query builder over dbbench's metered pool, as every other benchmark uses it:
 *   build, compile, acquire (timed by the meter), the driver's call, release.
 * - `raw` — the same SQL text Kysely compiles (compiled once per fork, outside timing), sent with the
 *   driver's own call — the very call Kysely's dialect makes — on a session of the same metered pool.
 *   Against `kysely` it shows what the builder costs per request.
 * - `driver` — the same SQL text through the driver's own pool (pg `Pool.query`, mysql2 `pool.query`),
 *   configured like the metered one but with nothing of dbbench's in between: the reference, as
 *   `limit` is the job's. Against `raw` it shows what dbbench's meter costs. A transaction needs one
 *   connection held across statements, which a pool's `query` does not give, so it runs
 *   `selectById` and `insertOne` only.
 *
 * The `driver` axis says which Node driver is under all three (pg or postgres.js; mysql2 or the
 * MariaDB connector), each behind the same pool contract with the same settings (see the engines'
 * `<engine>-second-driver.ts`). The engine's first driver is the trial's own pool; another driver's
 * requests go through a pool of their own of the same size, the trial's pool (then of one
 * connection) only resetting and counting between iterations.
 *
 * The `statements` axis says how the raw and driver clients send: `unprepared` (as Kysely does) or
 * `prepared` once per connection (pg: a named statement; postgres.js: `prepare: true`; mysql2 and
 * the MariaDB connector: `execute`, the binary protocol).
 */
import {
  createBarePool,
  createPool,
  type BarePool,
  type DriverFacts,
  type MeteredPool,
  type StatementOptions,
  type TargetRow,
} from '@dbbench/databases';
import { DbbenchError } from '@dbbench/harness';
import type { RunContext } from '@dbbench/suite-kit';

/** The `client` axis values. */
export const CLIENT_KINDS = ['kysely', 'raw', 'driver'] as const;

/** One way of sending the requests. */
export type ClientKind = (typeof CLIENT_KINDS)[number];

/**
 * The `statements` axis values: unprepared (as Kysely sends every statement; each driver's default
 * but postgres.js's) or prepared once per connection and then only bound and executed.
 */
export const STATEMENT_KINDS = ['unprepared', 'prepared'] as const;

/** How the raw and driver clients send their statements. */
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** Whether a string is a {@link ClientKind}. */
export function isClientKind(value: string): value is ClientKind {
  return (CLIENT_KINDS as readonly string[]).includes(value);
}

/** The requests of the queries benchmark, sent by one client. */
export interface QueryClient {
  /** The row with primary key `key`, or undefined. */
  selectById(key: number): Promise<{ readonly id: number | undefined }>;
  /** Inserts the template row under `sourceId`; resolves to the rows inserted. */
  insertOne(sourceId: number): Promise<number>;
  /** Inserts the batch inside a transaction and rolls it back; resolves to the rows inserted. */
  insertBatchRollback(): Promise<number>;
  /** Closes what the client opened itself (its driver's pool); the trial's pool is the trial's. */
  close(): Promise<void>;
  /** The driver the requests go through, and its settings. */
  readonly driver: DriverFacts;
  /** The metered pool the requests go through (undefined for `driver`: nothing of dbbench's to read). */
  readonly pool: MeteredPool | undefined;
}

/** What every client sends: the template of the one-row insert and the rolled-back batch. */
export interface QueryRows {
  readonly templateRow: TargetRow;
  readonly rollbackBatch: readonly TargetRow[];
}

/** The SQL text and values Kysely compiles for each request, compiled once. */
interface CompiledRequests {
  readonly select: string;
  readonly insert: { readonly sql: string; readonly parameters: readonly unknown[]; readonly keyAt: number };
  readonly batch: { readonly sql: string; readonly parameters: readonly unknown[] };
}

function compileRequests(pool: MeteredPool, rows: QueryRows): CompiledRequests {
  const { db } = pool;
  const select = db.selectFrom('source').selectAll().where('id', '=', 0).compile();
  const insert = db.insertInto('target').values(rows.templateRow).compile();
  // Kysely lists an inserted row's values in its columns' order; the per-request key goes there.
  const keyAt = Object.keys(rows.templateRow).indexOf('source_id');
  if (select.parameters.length !== 1 || insert.parameters.length !== Object.keys(rows.templateRow).length) {
    throw new Error('queries: Kysely compiled the requests with an unexpected number of values');
  }
  const batch = db
    .insertInto('target')
    .values([...rows.rollbackBatch])
    .compile();
  return {
    select: select.sql,
    insert: { sql: insert.sql, parameters: insert.parameters, keyAt },
    batch: { sql: batch.sql, parameters: batch.parameters },
  };
}

function withKey(insert: CompiledRequests['insert'], sourceId: number): unknown[] {
  const values = [...insert.parameters];
  values[insert.keyAt] = sourceId;
  return values;
}

/** Closes the pool a client opened for another driver than the trial's. */
function closer(pool: MeteredPool, own: boolean): () => Promise<void> {
  return own ? () => pool.close() : () => Promise.resolve();
}

function kyselyClient(pool: MeteredPool, own: boolean, rows: QueryRows): QueryClient {
  const { db } = pool;
  return {
    driver: pool.driver,
    pool,
    async selectById(key) {
      const row = await db.selectFrom('source').selectAll().where('id', '=', key).executeTakeFirst();
      return { id: row === undefined ? undefined : Number(row.id) };
    },
    async insertOne(sourceId) {
      const result = await db
        .insertInto('target')
        .values({ ...rows.templateRow, source_id: sourceId })
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },
    async insertBatchRollback() {
      const trx = await db.startTransaction().execute();
      try {
        const result = await trx.insertInto('target').values(rows.rollbackBatch).executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0n);
      } finally {
        await trx.rollback().execute();
      }
    },
    close: closer(pool, own),
  };
}

function rawClient(
  pool: MeteredPool,
  own: boolean,
  requests: CompiledRequests,
  options: StatementOptions,
): QueryClient {
  return {
    driver: pool.driver,
    pool,
    async selectById(key) {
      const { rows } = await pool.withConnection((session) =>
        session.execute(requests.select, [key], options),
      );
      const id = rows[0]?.['id'];
      return { id: id === undefined ? undefined : Number(id) };
    },
    async insertOne(sourceId) {
      const values = withKey(requests.insert, sourceId);
      const result = await pool.withConnection((session) =>
        session.execute(requests.insert.sql, values, options),
      );
      return result.affectedRows;
    },
    insertBatchRollback() {
      // The statements Kysely's dialects send for a transaction: begin, the insert, rollback.
      return pool.withConnection(async (session) => {
        await session.execute('begin', []);
        try {
          return (await session.execute(requests.batch.sql, requests.batch.parameters, options)).affectedRows;
        } finally {
          await session.execute('rollback', []);
        }
      });
    },
    close: closer(pool, own),
  };
}

function driverClient(bare: BarePool, requests: CompiledRequests, options: StatementOptions): QueryClient {
  return {
    driver: bare.driver,
    pool: undefined,
    async selectById(key) {
      const { rows } = await bare.execute(requests.select, [key], options);
      const id = rows[0]?.['id'];
      return { id: id === undefined ? undefined : Number(id) };
    },
    async insertOne(sourceId) {
      return (await bare.execute(requests.insert.sql, withKey(requests.insert, sourceId), options))
        .affectedRows;
    },
    insertBatchRollback() {
      return Promise.reject(new Error('client=driver cannot hold a transaction'));
    },
    close: () => bare.close(),
  };
}

/** What a client is opened with. */
export interface QueryClientOptions {
  readonly kind: ClientKind;
  /** The `driver` axis value; the trial's pool is of the engine's first driver. */
  readonly driver: string;
  readonly query: string;
  readonly statements: StatementKind;
  /** The trial's pool (the engine's first driver). */
  readonly trialPool: MeteredPool;
  /** Connections of the pool the requests go through (the `poolSize` axis). */
  readonly poolSize: number;
  readonly connection: RunContext;
  readonly rows: QueryRows;
}

/**
 * Whether the requests of this client and driver go through a pool other than the trial's: the
 * trial's pool then only resets and counts, and one connection is enough for that.
 */
export function usesOwnPool(kind: ClientKind, driver: string, trialDriver: string): boolean {
  return kind === 'driver' || driver !== trialDriver;
}

/**
 * Opens the client for a trial. Kysely and the raw call go through the trial's pool when the driver
 * is the trial's, else through a metered pool of that driver opened here; the driver client through
 * that driver's own pool. SQL is compiled by the trial pool's Kysely (the same text for every
 * driver of an engine). Throws a usage error for `driver` with `insertBatchRollback`.
 */
export async function openQueryClient(options: QueryClientOptions): Promise<QueryClient> {
  const { kind, driver, query, statements, trialPool, poolSize, connection, rows } = options;
  if (kind === 'kysely' && statements === 'prepared') {
    throw new DbbenchError(
      'statements=prepared runs with client=raw or client=driver: Kysely’s dialects send every ' +
        'statement unprepared; use -p client=raw,driver with it',
    );
  }
  const sending: StatementOptions = { prepared: statements === 'prepared' };
  if (kind === 'driver' && query === 'insertBatchRollback') {
    throw new DbbenchError(
      'client=driver runs selectById and insertOne only: a transaction needs one connection held across ' +
        'its statements, which the driver pool’s query() does not give; use client=raw for insertBatchRollback',
    );
  }
  // The raw and driver clients send the SQL Kysely compiles, compiled once here (Kysely compiles its own).
  if (kind === 'driver') {
    const requests = compileRequests(trialPool, rows);
    return driverClient(await createBarePool(connection, poolSize, driver), requests, sending);
  }
  const requests = kind === 'raw' ? compileRequests(trialPool, rows) : undefined;
  const own = usesOwnPool(kind, driver, trialPool.driver.name);
  const pool = own ? await createPool(connection, { size: poolSize, driver }) : trialPool;
  return requests === undefined ? kyselyClient(pool, own, rows) : rawClient(pool, own, requests, sending);
}
