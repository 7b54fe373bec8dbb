/**
 * seed — stream `dataSize` generated rows into `source` through the engine's bulk path.
 *
 * Hypothesis: a generator feeding the server's bulk path (PostgreSQL COPY FROM STDIN, MySQL LOAD DATA
 * LOCAL INFILE) through a stream loads rows at the bulk path's speed while holding only a couple of
 * 1000-row text chunks in memory, whatever `dataSize` is: rows are generated lazily, only when the
 * socket takes more.
 * Timed: generating, encoding and sending the rows, and the server committing them, on one
 * connection from the pool (its acquisition included).
 * Not timed: pool creation, schema, the TRUNCATE of source before every invocation, the checksum
 * verification after it (row count, Σid, Σamount, Σ length(name) against the generated rows).
 * State: per trial — the pool and schema; per invocation — an empty source table.
 * One stream uses one connection, so pool size is not an axis and the pool holds one connection, as
 * the pooled suite's seed does.
 * Run: `npx dbbench run dist/postgres-suite.js -b seed` (or `npx turbo run bench:postgres`).
 */
import {
  generateSourceRows,
  resetSource,
  sourceChecksumOf,
  SOURCE_COLUMNS,
  tabSeparatedText,
  verifySource,
  type MeteredPool,
  type SourceChecksum,
} from '@dbbench/databases';
import { defineBenchmark } from '@dbbench/harness';
import { openTrial, standardProfilers, type RunContext } from '@dbbench/suite-kit';
import { singleShotIterations } from './single-shot-iterations.js';

/** Connections of the seed's pool: one stream loads on one. */
const SEED_POOL_SIZE = 1;

/** Rows per encoded text chunk handed to the bulk path. */
export const SEED_ROWS_PER_CHUNK = 1000;

interface SeedState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly expected: SourceChecksum;
}

/** The seed benchmark (see the file header). */
export const seedBenchmark = defineBenchmark<SeedState, RunContext, number>({
  description: 'Stream dataSize generated rows into source through the bulk path (COPY / LOAD DATA LOCAL)',
  axes: ['dataSize'],
  mode: 'ss',
  iterations: singleShotIterations,
  async setupTrial(ctx) {
    const dataSize = ctx.int('dataSize');
    const pool = await openTrial(ctx.runContext, { poolSize: SEED_POOL_SIZE });
    return { pool, dataSize, expected: sourceChecksumOf(generateSourceRows(dataSize)) };
  },
  async setupInvocation(state) {
    await resetSource(state.pool);
  },
  run(state) {
    const { bulkLoad } = state.pool.engine;
    return state.pool.withConnection((session) =>
      bulkLoad.load(
        session,
        'source',
        SOURCE_COLUMNS,
        tabSeparatedText(generateSourceRows(state.dataSize), SOURCE_COLUMNS, SEED_ROWS_PER_CHUNK),
      ),
    );
  },
  async verify(state, rowsReported) {
    if (rowsReported !== state.dataSize) {
      throw new Error(`seed: expected ${state.dataSize} rows loaded, the server reported ${rowsReported}`);
    }
    await verifySource(state.pool, state.expected);
  },
  profilers: (state) => standardProfilers(state.pool, { rowsPerInvocation: () => state.dataSize }),
  async teardownTrial(state) {
    await state.pool.close();
  },
});
