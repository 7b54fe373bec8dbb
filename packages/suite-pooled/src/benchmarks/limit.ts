/**
 * limit — the physical reference for the job: the same transformation done by the server alone.
 *
 * Hypothesis: one `INSERT INTO target SELECT … FROM source` moves no rows over the network and pays
 * one commit, so its rows/s bounds what any client-side job can reach on this machine; the docs show
 * each job configuration's efficiency as its rows/s ÷ this benchmark's rows/s.
 *
 * Timed: the one statement and its commit.
 * Not timed: preparing `source` (per fork: seeded once per run, checked by checksum), truncating `target` and the job tables before every
 * invocation, verification after it (target row count and checksum against the source).
 * State: per invocation.
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^limit$' -p dataSize=100000
 */
import { sql } from 'kysely';
import {
  expectTarget,
  insertTargetFromSourceSql,
  resetTarget,
  verifyTarget,
  type MeteredPool,
  type TargetExpectation,
} from '@dbbench/databases';
import { defineBenchmark } from '@dbbench/harness';
import {
  DETERMINISTIC_WORK,
  iterationsBySize,
  openTrial,
  standardProfilers,
  type RunContext,
} from '@dbbench/suite-kit';

/** Per-fork state of the `limit` benchmark. */
export interface LimitState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly statement: string;
  /** What `target` must hold after every invocation (`source` never changes in a trial). */
  readonly expected: TargetExpectation;
}

/** The `limit` benchmark. */
export const limitBenchmark = defineBenchmark<LimitState, RunContext, number>({
  description: 'Server-side INSERT INTO target SELECT … FROM source: the server-side reference for the job',
  axes: ['dataSize'],
  mode: 'ss',
  deterministicCounters: DETERMINISTIC_WORK,
  // Per fork; the suite runs 2 forks.
  // 15 / 3 / 1 warmups + 10 / 5 / 3 measured per fork at 1k / 10k / 100k rows (see `iterationsBySize`).
  iterations: (params) => iterationsBySize(params),
  async setupTrial(ctx) {
    const dataSize = ctx.int('dataSize');
    // One connection is all a single statement can use.
    const pool = await openTrial(ctx.runContext, { poolSize: 1, sourceRows: dataSize });
    return {
      pool,
      dataSize,
      statement: insertTargetFromSourceSql(pool.engine),
      expected: await expectTarget(pool),
    };
  },
  async setupInvocation(state) {
    await resetTarget(state.pool);
  },
  async run(state) {
    const result = await sql.raw(state.statement).execute(state.pool.db);
    return Number(result.numAffectedRows ?? -1n);
  },
  async verify(state, rowsInserted) {
    if (rowsInserted !== state.dataSize) {
      throw new Error(`limit: expected ${state.dataSize} rows inserted, the server reported ${rowsInserted}`);
    }
    const target = await verifyTarget(state.pool, state.expected);
    if (!target.ok) throw new Error(`limit: ${target.message}`);
  },
  profilers: (state) => standardProfilers(state.pool, { rowsPerInvocation: () => state.dataSize }),
  async teardownTrial(state) {
    await state.pool.close();
  },
});
