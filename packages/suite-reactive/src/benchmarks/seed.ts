/**
 * seed — stream `dataSize` generated rows into `source` through a backpressured writer.
 *
 * Hypothesis: a generator feeding the server's bulk path through `stream.pipeline` loads rows at
 * the bulk path's speed (PostgreSQL COPY FROM STDIN, ~1000 rows per stream chunk; MySQL multi-row
 * INSERTs of 1000 rows) while holding only a couple of chunks in memory, whatever `dataSize` is. Rows
 * are generated lazily: the generator runs only when the writer asks for more.
 * Timed: generating, encoding and sending the rows, and the server committing them, on one
 * connection from the pool (its acquisition included).
 * Not timed: pool creation, schema, the TRUNCATE of source before every invocation, the checksum
 * verification after it (row count, Σid, Σamount, Σ length(name) against the generated rows).
 * State: per trial — the pool and schema; per invocation — an empty source table.
 * poolSize is an axis so this sits beside the pooled suite's seed; one stream uses one connection.
 * Run: `npx dbbench run dist/postgres-suite.js -b seed` (or `npx turbo run bench:postgres`).
 */
import { gcProfiler, defineBenchmark } from '@dbbench/harness';
import { generateSourceRows, resetSource, type MeteredPool } from '@dbbench/databases';
import type { ConnectionContext } from '../connection-context.js';
import { poolProfiler } from '../profilers/pool-profiler.js';
import { rowsPerSecondProfiler } from '../profilers/rows-per-second-profiler.js';
import { serverCountersProfiler } from '../profilers/server-counters-profiler.js';
import { loadSource } from '../streams/engine-streams.js';
import { expectedSourceChecksum, verifySourceChecksum, type SourceChecksum } from './source-checksum.js';
import { openTrialPool, SINGLE_SHOT_ITERATIONS } from './trial-pool.js';

/** Rows per COPY data chunk (PostgreSQL) or per INSERT statement (MySQL). */
export const SEED_ROWS_PER_CHUNK = 1000;

interface SeedState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly expected: SourceChecksum;
}

/** The seed benchmark (see the file header). */
export const seedBenchmark = defineBenchmark<SeedState, ConnectionContext, void>({
  description:
    'Stream dataSize generated rows into source through a backpressured writer (COPY / multi-row INSERT)',
  axes: ['dataSize', 'poolSize'],
  mode: 'ss',
  iterations: SINGLE_SHOT_ITERATIONS,
  async setupTrial(ctx) {
    const dataSize = ctx.int('dataSize');
    const pool = await openTrialPool(ctx, { poolSize: ctx.int('poolSize'), seedRows: 0 });
    return { pool, dataSize, expected: expectedSourceChecksum(generateSourceRows(dataSize)) };
  },
  async setupInvocation(state) {
    await resetSource(state.pool);
  },
  async run(state) {
    await state.pool.withConnection((connection) =>
      loadSource(connection, generateSourceRows(state.dataSize), SEED_ROWS_PER_CHUNK),
    );
  },
  async verify(state) {
    await verifySourceChecksum(state.pool, state.expected);
  },
  profilers: (state) => [
    rowsPerSecondProfiler(state.dataSize),
    poolProfiler(state.pool),
    gcProfiler(),
    serverCountersProfiler(state.pool),
  ],
  async teardownTrial(state) {
    await state.pool.close();
  },
});
