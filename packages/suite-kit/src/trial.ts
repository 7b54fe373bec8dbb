/**
 * What every database benchmark sets up per fork, never timed: a pre-warmed metered pool, fresh
 * tables to write, the generated source rows when the benchmark reads them (kept from an earlier fork
 * when their checksum says they are exactly those rows), warm server caches, and a settled server.
 */
import {
  createPool,
  createSchema,
  driverNames,
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
  /**
   * The Node driver of the measured pool (the `driver` axis); undefined: the engine's first. Another
   * driver's pool gets the same tables, source and settled server, prepared through the engine's
   * first driver (its bulk path) on one connection closed before the measured pool opens.
   */
  readonly driver?: string;
}

/**
 * Opens the pool, recreates the tables a benchmark writes, prepares `source`, warms and settles the server's writes (PostgreSQL:
 * CHECKPOINT, when the user may), so no checkpoint that the seeding or an earlier fork's writes set
 * off spreads its writes over this fork's measurement: the server-side limit at 100k rows ran ~240 ms
 * in some forks and ~340 ms in others without it. Closes the pool if a step fails.
 */
export function openTrial(connection: RunContext, options: TrialOptions): Promise<MeteredPool> {
  return withHarnessErrors(async () => {
    const measured = {
      size: options.poolSize,
      ...(options.acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs: options.acquireTimeoutMs }),
    };
    const [firstDriver] = driverNames(connection.engine);
    if (options.driver === undefined || options.driver === firstDriver) {
      return prepared(await createPool(connection, measured), options.sourceRows ?? 0);
    }
    // The tables, source and settled server first, through the first driver (the driver name was
    // checked with the axis, before the server started); then the measured pool, once it is closed.
    await (await prepared(await createPool(connection, { size: 1 }), options.sourceRows ?? 0)).close();
    return createPool(connection, { ...measured, driver: options.driver });
  });
}

/**
 * Recreates the tables on `pool`, prepares `source`, warms and settles the server; resolves to the
 * pool, closed if a step fails.
 */
async function prepared(pool: MeteredPool, sourceRows: number): Promise<MeteredPool> {
  try {
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
}
