/**
 * What every database benchmark sets up per fork, never timed: a pre-warmed metered pool, a fresh
 * schema, seeded source rows when the benchmark reads them, and warm server caches.
 */
import { createPool, createSchema, seedSource, warmCaches, type MeteredPool } from '@dbbench/databases';
import { withHarnessErrors } from './harness-errors.js';
import type { RunContext } from './run-context.js';

/** What {@link openTrial} prepares. */
export interface TrialOptions {
  readonly poolSize: number;
  /** Acquire timeout of the measured pool (ms); undefined waits forever. */
  readonly acquireTimeoutMs?: number;
  /** Rows to seed into `source` (untimed, via the engine's bulk path); 0 or absent leaves it empty. */
  readonly sourceRows?: number;
}

/** Opens the pool, recreates the schema, seeds and warms. Closes the pool if a step fails. */
export function openTrial(connection: RunContext, options: TrialOptions): Promise<MeteredPool> {
  return withHarnessErrors(async () => {
    const pool = await createPool(connection, {
      size: options.poolSize,
      ...(options.acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs: options.acquireTimeoutMs }),
    });
    try {
      await createSchema(pool);
      if ((options.sourceRows ?? 0) > 0) await seedSource(pool, options.sourceRows ?? 0);
      await warmCaches(pool);
      return pool;
    } catch (error) {
      await pool.close().catch(() => undefined);
      throw error;
    }
  });
}
