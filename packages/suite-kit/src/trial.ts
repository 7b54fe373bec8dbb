/**
 * What every database benchmark sets up per fork, never timed: a pre-warmed metered pool, a fresh
 * schema, seeded source rows when the benchmark reads them, warm server caches, and a settled server.
 */
import {
  createPool,
  createSchema,
  seedSource,
  settleWrites,
  warmCaches,
  type MeteredPool,
} from '@dbbench/databases';
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

/**
 * Opens the pool, recreates the schema, seeds, warms and settles the server's writes (PostgreSQL:
 * CHECKPOINT, when the user may), so no checkpoint that the seeding or an earlier fork's writes set
 * off spreads its writes over this fork's measurement: the server-side limit at 100k rows ran ~240 ms
 * in some forks and ~340 ms in others without it. Closes the pool if a step fails.
 */
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
      await settleWrites(pool);
      return pool;
    } catch (error) {
      await pool.close().catch(() => undefined);
      throw error;
    }
  });
}
