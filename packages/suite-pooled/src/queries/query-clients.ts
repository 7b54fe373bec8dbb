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
 */
import { createBarePool, type BarePool, type MeteredPool, type TargetRow } from '@dbbench/databases';
import { DbbenchError } from '@dbbench/harness';
import type { RunContext } from '@dbbench/suite-kit';

/** The `client` axis values. */
export const CLIENT_KINDS = ['kysely', 'raw', 'driver'] as const;

/** One way of sending the requests. */
export type ClientKind = (typeof CLIENT_KINDS)[number];

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
  /** Closes what the client opened itself (the driver's pool); the metered pool is the trial's. */
  close(): Promise<void>;
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

function kyselyClient(pool: MeteredPool, rows: QueryRows): QueryClient {
  const { db } = pool;
  return {
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
    close: () => Promise.resolve(),
  };
}

function rawClient(pool: MeteredPool, requests: CompiledRequests): QueryClient {
  return {
    async selectById(key) {
      const { rows } = await pool.withConnection((session) => session.execute(requests.select, [key]));
      const id = rows[0]?.['id'];
      return { id: id === undefined ? undefined : Number(id) };
    },
    async insertOne(sourceId) {
      const values = withKey(requests.insert, sourceId);
      const result = await pool.withConnection((session) => session.execute(requests.insert.sql, values));
      return result.affectedRows;
    },
    insertBatchRollback() {
      // The statements Kysely's dialects send for a transaction: begin, the insert, rollback.
      return pool.withConnection(async (session) => {
        await session.execute('begin', []);
        try {
          return (await session.execute(requests.batch.sql, requests.batch.parameters)).affectedRows;
        } finally {
          await session.execute('rollback', []);
        }
      });
    },
    close: () => Promise.resolve(),
  };
}

function driverClient(bare: BarePool, requests: CompiledRequests): QueryClient {
  return {
    async selectById(key) {
      const { rows } = await bare.execute(requests.select, [key]);
      const id = rows[0]?.['id'];
      return { id: id === undefined ? undefined : Number(id) };
    },
    async insertOne(sourceId) {
      return (await bare.execute(requests.insert.sql, withKey(requests.insert, sourceId))).affectedRows;
    },
    insertBatchRollback() {
      return Promise.reject(new Error('client=driver cannot hold a transaction'));
    },
    close: () => bare.close(),
  };
}

/**
 * Opens the client `kind` for a trial on `pool` (the driver client opens its own pool of the same
 * size). Throws a usage error for `driver` with `insertBatchRollback`.
 */
export async function openQueryClient(
  kind: ClientKind,
  query: string,
  pool: MeteredPool,
  connection: RunContext,
  rows: QueryRows,
): Promise<QueryClient> {
  if (kind === 'kysely') return kyselyClient(pool, rows);
  const requests = compileRequests(pool, rows);
  if (kind === 'raw') return rawClient(pool, requests);
  if (query === 'insertBatchRollback') {
    throw new DbbenchError(
      'client=driver runs selectById and insertOne only: a transaction needs one connection held across ' +
        'its statements, which the driver pool’s query() does not give; use client=raw for insertBatchRollback',
    );
  }
  return driverClient(await createBarePool(connection, pool.size), requests);
}
