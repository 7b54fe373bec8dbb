import { createPool, createSchema, seedSource, warmCaches, type MeteredPool } from '@dbbench/databases';
import type { IterationSettings } from '@dbbench/harness';
import type { SuiteContext } from '../connection-context.js';

/** Single-shot defaults for every benchmark of this suite: one warmup run, five measured runs. */
export const SINGLE_SHOT_ITERATIONS: IterationSettings = {
  warmupIterations: 1,
  measurementIterations: 5,
  batchSize: 1,
  timeoutMs: 10 * 60_000,
};

/** Options of {@link openTrialPool}. */
export interface TrialPoolOptions {
  readonly poolSize: number;
  /** Rows to seed into source (untimed, with the fast bulk path); 0 leaves it empty. */
  readonly seedRows: number;
}

/**
 * The per-fork setup every benchmark shares, never timed: a pre-warmed metered pool, a fresh schema,
 * the seeded source table when the benchmark reads it, and warm server caches.
 */
export async function openTrialPool(ctx: SuiteContext, options: TrialPoolOptions): Promise<MeteredPool> {
  const pool = await createPool(ctx.runContext, { size: options.poolSize });
  try {
    await createSchema(pool);
    if (options.seedRows > 0) await seedSource(pool, options.seedRows);
    await warmCaches(pool);
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}
