/**
 * queries — the latency of the smallest requests a service sends through a pool.
 *
 * Hypothesis: a primary-key SELECT and a one-row INSERT each cost about one round trip plus the
 * pool's checkout; a 50-row INSERT inside a rolled-back transaction costs three round trips (BEGIN,
 * INSERT, ROLLBACK) but writes nothing durable, so its latency shows the price of the transaction.
 * Pool size should not matter for one sequential caller: a difference is pool overhead.
 *
 * The `client` axis (see `queries/query-clients.ts`) separates what sits between a request and the
 * driver: `kysely` (the builder over the metered pool, as every other benchmark), `raw` (the SQL text
 * Kysely compiles, sent with the driver's own call on a metered session) and `driver` (that text
 * through the driver's own pool, nothing of dbbench's between: the reference). Hypothesis: the
 * builder costs a few microseconds of JavaScript per request, small against a round trip, and the
 * meter less; on a 2-core machine where the client's CPU competes with the server's, even that
 * shows.
 *
 * The `driver` axis puts another Node driver under the same requests (pg or postgres.js; mysql2 or
 * the MariaDB connector), behind the same pool contract and held to the same settings (recorded in
 * every result's `dbbench.facts[].driver`). Hypothesis: on a round trip this short the drivers'
 * own JavaScript differs by tens of microseconds at most — unless a driver needs more round trips
 * for the same statement (postgres.js asks the server for the parameter types of every unprepared
 * statement before it binds it). The `statements` axis sends the raw and driver clients' SELECT
 * prepared once per connection as well: hypothesis, a few percent faster on the server (no parse and
 * plan per request), and postgres.js then needs one round trip like the others.
 *
 * Timed (per sample, in microseconds): building the statement (kysely), acquiring a connection, the
 * statement(s), releasing it.
 * Not timed: preparing `source` with 10 000 rows (seeded once per run, checked by checksum in every
 * fork), building the rows to insert and compiling the raw and driver clients' SQL (once per fork),
 * opening the driver client's own pool or another driver's metered pool (once per fork, every
 * connection opened);
 * emptying `target` before every iteration (insertOne); verifying each result (the selected key,
 * one row inserted, 50 rows inserted then rolled back) and, after each iteration, the target row
 * count (insertOne: one per invocation; insertBatchRollback: unchanged).
 * State: per iteration for insertOne (a one-row insert is too short to reset around); constant for
 * insertBatchRollback (the rollback restores it); read-only for selectById, whose key changes every
 * invocation along a fixed permutation of the keys, so runs are repeatable but do not hit one row.
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^queries$' -p query=selectById -p poolSize=10
 *   -p client=kysely,raw,driver -p driver=pg,postgresjs -p statements=unprepared
 */
import {
  countRows,
  generateSourceRows,
  resetTarget,
  transformRow,
  type MeteredPool,
} from '@dbbench/databases';
import { choiceAxis, DbbenchError, defineBenchmark, gcProfiler } from '@dbbench/harness';
import { DETERMINISTIC_WORK, openTrial, standardProfilers, type RunContext } from '@dbbench/suite-kit';
import {
  CLIENT_KINDS,
  isClientKind,
  openQueryClient,
  STATEMENT_KINDS,
  usesOwnPool,
  type ClientKind,
  type QueryClient,
  type StatementKind,
} from '../queries/query-clients.js';

/** The `query` axis values. */
export const QUERY_KINDS = ['selectById', 'insertOne', 'insertBatchRollback'] as const;

/** One kind of request. */
export type QueryKind = (typeof QUERY_KINDS)[number];

/** Rows seeded into `source` for selectById. */
export const QUERY_SOURCE_ROWS = 10_000;

/** Rows in the rolled-back batch. */
export const ROLLBACK_BATCH_ROWS = 50;

/** A step coprime with {@link QUERY_SOURCE_ROWS}: `i × step mod n` visits every key once per n invocations. */
const KEY_STEP = 7919;

/** Per-fork state of the `queries` benchmark. */
export interface QueriesState {
  /** The trial's pool (the engine's first driver): resets and counts; the requests too when it is theirs. */
  readonly pool: MeteredPool;
  readonly query: QueryKind;
  readonly clientKind: ClientKind;
  readonly statements: StatementKind;
  /** Sends the requests: Kysely, the raw call on a metered session, or the driver's own pool. */
  readonly client: QueryClient;
  /** Invocations so far (selectById: position in the key permutation; insertOne: rows this iteration). */
  invocations: number;
  /** The key selectById asked for last, to check the answer. */
  lastKey: number;
  /** Target rows when the iteration started (insertBatchRollback must leave it unchanged). */
  targetRowsAtIterationStart: number;
}

type QueryResult = { readonly id: number | undefined } | { readonly inserted: number };

function isStatementKind(value: string): value is StatementKind {
  return (STATEMENT_KINDS as readonly string[]).includes(value);
}

function isQueryKind(value: string): value is QueryKind {
  return (QUERY_KINDS as readonly string[]).includes(value);
}

/**
 * The `queries` benchmark for an engine whose Node drivers are `drivers` (the default first): its
 * grids name them.
 */
export function createQueriesBenchmark(drivers: readonly string[]) {
  const [trialDriver] = drivers;
  if (trialDriver === undefined) throw new Error('queries: an engine with no driver');
  return defineBenchmark<QueriesState, RunContext, QueryResult>({
    description:
      'Single requests through the pool: SELECT by primary key, one-row INSERT, 50-row INSERT rolled back',
    axes: ['query', 'client', 'driver', 'statements', 'poolSize'],
    axisTypes: {
      client: choiceAxis(CLIENT_KINDS),
      driver: choiceAxis(drivers),
      statements: choiceAxis(STATEMENT_KINDS),
    },
    // Every query on every pool size through Kysely on the default driver; the two one-statement
    // requests on the pool of 10 through every client and every driver, where the builder's, the
    // meter's and the driver's costs are asked about (`-p client=…`, `-p driver=…` run the values
    // named on every grid).
    // Prepared statements: the primary-key SELECT through the raw call and the driver's own pool.
    grids: [
      { client: ['kysely'], driver: [trialDriver], statements: ['unprepared'] },
      { query: ['selectById', 'insertOne'], poolSize: [10], statements: ['unprepared'] },
      { client: ['raw', 'driver'], query: ['selectById'], poolSize: [10], statements: ['prepared'] },
    ],
    mode: 'sample',
    deterministicCounters: DETERMINISTIC_WORK,
    unit: 'us',
    async setupTrial(ctx) {
      const query = ctx.str('query');
      if (!isQueryKind(query)) {
        throw new DbbenchError(`query=${query} is unknown; use one of ${QUERY_KINDS.join(', ')}`);
      }
      const clientKind = ctx.str('client');
      if (!isClientKind(clientKind)) {
        throw new DbbenchError(`client=${clientKind} is unknown; use one of ${CLIENT_KINDS.join(', ')}`);
      }
      const driver = ctx.str('driver');
      if (!drivers.includes(driver)) {
        throw new DbbenchError(`driver=${driver} is not one of this engine's drivers: ${drivers.join(', ')}`);
      }
      const statements = ctx.str('statements');
      if (!isStatementKind(statements)) {
        throw new DbbenchError(
          `statements=${statements} is unknown; use one of ${STATEMENT_KINDS.join(', ')}`,
        );
      }
      const poolSize = ctx.int('poolSize');
      const pool = await openTrial(ctx.runContext, {
        // Requests through a pool of their own leave the trial's pool resetting and counting only.
        poolSize: usesOwnPool(clientKind, driver, trialDriver) ? 1 : poolSize,
        sourceRows: query === 'selectById' ? QUERY_SOURCE_ROWS : 0,
      });
      // Target rows are derived from generated source rows; keys beyond the source avoid any overlap.
      const batch = [...generateSourceRows(ROLLBACK_BATCH_ROWS)].map((row) =>
        transformRow({ ...row, id: row.id + QUERY_SOURCE_ROWS }),
      );
      const templateRow = batch[0];
      if (templateRow === undefined) throw new Error('the generator yielded no rows');
      let client: QueryClient;
      try {
        client = await openQueryClient({
          kind: clientKind,
          driver,
          query,
          statements,
          trialPool: pool,
          poolSize,
          connection: ctx.runContext,
          rows: { templateRow, rollbackBatch: batch },
        });
      } catch (error) {
        await pool.close();
        throw error;
      }
      return {
        pool,
        query,
        clientKind,
        statements,
        client,
        invocations: 0,
        lastKey: 0,
        targetRowsAtIterationStart: 0,
      };
    },
    async setupIteration(state) {
      if (state.query === 'insertOne') {
        await resetTarget(state.pool);
        state.invocations = 0;
      }
      state.targetRowsAtIterationStart = await countRows(state.pool, 'target');
    },
    async run(state) {
      const { client } = state;
      state.invocations += 1;
      switch (state.query) {
        case 'selectById': {
          state.lastKey = ((state.invocations * KEY_STEP) % QUERY_SOURCE_ROWS) + 1;
          return client.selectById(state.lastKey);
        }
        case 'insertOne':
          return { inserted: await client.insertOne(QUERY_SOURCE_ROWS + state.invocations) };
        case 'insertBatchRollback':
          return { inserted: await client.insertBatchRollback() };
      }
    },
    verify(state, result) {
      if ('id' in result) {
        if (result.id !== state.lastKey) {
          throw new Error(`queries selectById: expected the row with id ${state.lastKey}, got ${result.id}`);
        }
        return;
      }
      const expected = state.query === 'insertOne' ? 1 : ROLLBACK_BATCH_ROWS;
      if (result.inserted !== expected) {
        throw new Error(`queries ${state.query}: expected ${expected} rows inserted, got ${result.inserted}`);
      }
    },
    async teardownIteration(state) {
      if (state.query === 'selectById') return;
      const actual = await countRows(state.pool, 'target');
      const expected =
        state.query === 'insertOne'
          ? state.targetRowsAtIterationStart + state.invocations
          : state.targetRowsAtIterationStart;
      if (actual !== expected) {
        throw new Error(
          `queries ${state.query}: expected ${expected} target rows after the iteration, found ${actual}`,
        );
      }
    },
    // The profilers read the pool the requests go through. The driver client goes through no metered
    // pool, so a meter and work counters would read zero, and the server's counters lag for sessions
    // dbbench cannot make publish theirs: it keeps gc.
    profilers: (state) =>
      state.client.pool === undefined ? [gcProfiler()] : standardProfilers(state.client.pool),
    facts: (state) => ({ driver: { ...state.client.driver }, statements: state.statements }),
    async teardownTrial(state) {
      await state.client.close();
      await state.pool.close();
    },
  });
}
