/**
 * seed — how fast can `dataSize` rows get into an empty table?
 *
 * Hypothesis: row-by-row INSERTs are bound by round trips (~0.1 ms each), multi-row INSERTs of 1000
 * rows are an order of magnitude faster, and the engine's bulk path (PostgreSQL COPY FROM STDIN,
 * MySQL LOAD DATA LOCAL INFILE) is faster again, because it skips SQL parsing per batch.
 *
 * Timed: encoding the rows for the strategy (SQL via Kysely, or tab-separated text), sending them,
 * and the commit. rowByRow and multiRow run inside one transaction, like the bulk path, so all three
 * pay for exactly one commit.
 * Not timed: generating the rows (once per fork), truncating `source` before every invocation, and
 * verifying after it (row count, sum of keys, sum of amounts and total name length against the
 * generated rows).
 * State: per invocation — the table is emptied before each load. One connection does the work, so the
 * pool holds {@link SEED_POOL_SIZE} connection: pool size is not an axis here (it tripled the matrix
 * and the benchmark's longest combinations without changing what is measured).
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^seed$' -p dataSize=10000 -p strategy=multiRow,bulk
 */
import {
  generateSourceRows,
  resetSource,
  sourceChecksumOf,
  type MeteredPool,
  type SourceChecksum,
  verifySource,
  type SourceRow,
} from '@dbbench/databases';
import { DbbenchError, defineBenchmark } from '@dbbench/harness';
import {
  DETERMINISTIC_WORK,
  iterationsBySize,
  openTrial,
  standardProfilers,
  type RunContext,
} from '@dbbench/suite-kit';
import { SEED_LOADERS, SEED_STRATEGIES, isSeedStrategy, type SeedStrategy } from '../seed/seed-strategies.js';

/** Connections of the seed benchmark's pool: every strategy loads on one. */
export const SEED_POOL_SIZE = 1;

/** Per-fork state of the `seed` benchmark. */
export interface SeedState {
  readonly pool: MeteredPool;
  readonly strategy: SeedStrategy;
  readonly rows: readonly SourceRow[];
  readonly expected: SourceChecksum;
}

/** The `seed` benchmark: load `dataSize` source rows with `strategy`. */
export const seedBenchmark = defineBenchmark<SeedState, RunContext, number>({
  description:
    'Load dataSize rows into an empty table: row-by-row INSERTs, multi-row INSERTs, or the bulk path',
  axes: ['dataSize', 'strategy'],
  mode: 'ss',
  deterministicCounters: DETERMINISTIC_WORK,
  // Row-by-row only up to 10k rows by default: it is bound by round trips, so its cost grows
  // linearly (16x slower than multi-row at 1k and at 10k rows, 13x at 100k in the last run that
  // measured it) while one 100k invocation took ~24 s here, a tenth of the suite's first pass at
  // three forks. `-p strategy=rowByRow -p dataSize=100000` still measures it.
  grids: [{ strategy: ['multiRow', 'bulk'] }, { strategy: ['rowByRow'], dataSize: [1000, 10000] }],
  // Per fork (the suite's forks, in shared rounds where a question compares it): 15 / 3 / 1 warmups
  // + 10 / 5 / 3 measured at 1k / 10k / 100k rows (see `iterationsBySize`). Row-by-row takes ~0.1 s per invocation at 1k rows
  // (5 measured) and seconds from 10k: there no warmup (JIT warmup is noise against seconds of round
  // trips) and 2 measured invocations, since the verdict comes from forks (see README).
  iterations: (params) => {
    if (params['strategy'] !== 'rowByRow') return iterationsBySize(params);
    return Number(params['dataSize']) >= 10_000
      ? { warmupIterations: 0, measurementIterations: 2 }
      : { warmupIterations: 1, measurementIterations: 5 };
  },
  async setupTrial(ctx) {
    const strategy = ctx.str('strategy');
    if (!isSeedStrategy(strategy)) {
      throw new DbbenchError(`strategy=${strategy} is unknown; use one of ${SEED_STRATEGIES.join(', ')}`);
    }
    const rows = [...generateSourceRows(ctx.int('dataSize'))];
    const pool = await openTrial(ctx.runContext, { poolSize: SEED_POOL_SIZE });
    return { pool, strategy, rows, expected: sourceChecksumOf(rows) };
  },
  async setupInvocation(state) {
    await resetSource(state.pool);
  },
  run(state) {
    return SEED_LOADERS[state.strategy](state.pool, state.rows);
  },
  async verify(state, rowsReported) {
    if (rowsReported !== state.expected.rows) {
      throw new Error(
        `seed ${state.strategy}: expected ${state.expected.rows} rows loaded, the load reported ${rowsReported}`,
      );
    }
    await verifySource(state.pool, state.expected);
  },
  profilers: (state) => standardProfilers(state.pool, { rowsPerInvocation: () => state.rows.length }),
  async teardownTrial(state) {
    await state.pool.close();
  },
});
