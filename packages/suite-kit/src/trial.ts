/**
 * What every database benchmark sets up per fork, never timed: a pre-warmed metered pool, fresh
 * tables to write, the generated source rows when the benchmark reads them (kept from an earlier fork
 * when their checksum says they are exactly those rows), warm server caches, and a settled server.
 */
import {
  createPool,
  createSchema,
  prepareSource,
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
  /**
   * Rows `source` must hold (untimed: kept when verified, else seeded via the engine's bulk path); 0 or
   * absent leaves it empty.
   */
  readonly sourceRows?: number;
}

/**
 * Opens the pool, recreates the tables a benchmark writes, prepares `source`, warms and settles the server's writes (PostgreSQL:
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
      const sourceRows = options.sourceRows ?? 0;
      // A source of the right rows, checked by checksum, stays from an earlier fork: seeding 100k
      // rows was a third of such a fork's time. Benchmarks that want no source still get an empty one.
      await createSchema(pool, { keepSource: sourceRows > 0 });
      if (sourceRows > 0) await prepareSource(pool, sourceRows);
      await warmCaches(pool);
      await settleWrites(pool);
      return pool;
    } catch (error) {
      await pool.close().catch(() => undefined);
      throw error;
    }
  });
}
