/**
 * What every pooled benchmark sets up per fork (never timed): a pre-warmed metered pool of
 * `poolSize`, a fresh schema, seeded source rows when the benchmark reads them, and warm server
 * caches; and the profilers every pooled result carries.
 */
import { createPool, createSchema, seedSource, warmCaches, type MeteredPool } from '@dbbench/databases';
import { gcProfiler, type Profiler } from '@dbbench/harness';
import { nestedProfilers } from './profilers/nested-profilers.js';
import { poolMetricsProfiler } from './profilers/pool-metrics-profiler.js';
import { rowsPerSecondProfiler } from './profilers/rows-per-second-profiler.js';
import { serverCountersProfiler } from './profilers/server-counters-profiler.js';
import type { PooledRunContext } from './run-context.js';

/** What a benchmark measures with. */
export interface PooledTrial {
  /** The measured pool, `poolSize` connections. */
  readonly pool: MeteredPool;
}

/** What {@link openTrial} prepares. */
export interface TrialOptions {
  readonly poolSize: number;
  /** Acquire timeout of the measured pool (ms); undefined waits forever. */
  readonly acquireTimeoutMs?: number;
  /** Rows to seed into `source` (untimed, via the engine's bulk path); 0 leaves it empty. */
  readonly sourceRows?: number;
}

/** Opens the pool, recreates the schema, seeds and warms. Closes the pool if a step fails. */
export async function openTrial(connection: PooledRunContext, options: TrialOptions): Promise<PooledTrial> {
  const pool = await createPool(connection, {
    size: options.poolSize,
    ...(options.acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs: options.acquireTimeoutMs }),
  });
  try {
    await createSchema(pool);
    if ((options.sourceRows ?? 0) > 0) await seedSource(pool, options.sourceRows ?? 0);
    await warmCaches(pool);
    return { pool };
  } catch (error) {
    await pool.close().catch(() => undefined);
    throw error;
  }
}

/** Closes the pool. */
export async function closeTrial(trial: PooledTrial): Promise<void> {
  await trial.pool.close();
}

/**
 * The secondary metrics every pooled result carries: server counter deltas, pool acquire waits and
 * connections opened, gc allocation, and rows/s when the benchmark moves rows.
 *
 * Server counters and pool metrics are nested: reading the counters makes every pooled session
 * publish its statistics (it acquires all connections), so it happens before the pool metrics are
 * reset and after they are read. `workload`, when given, is nested innermost: it runs only between
 * those readings (contention's closed loop, which must not compete with them).
 */
export function standardProfilers(
  trial: PooledTrial,
  options: { rowsPerInvocation?: () => number; detailedPoolWaits?: boolean; workload?: Profiler } = {},
): Profiler[] {
  const nested = [
    serverCountersProfiler(trial.pool),
    poolMetricsProfiler(trial.pool, { detailed: options.detailedPoolWaits ?? false }),
  ];
  if (options.workload !== undefined) nested.push(options.workload);
  const profilers: Profiler[] = [nestedProfilers('pool-and-server', nested), gcProfiler()];
  if (options.rowsPerInvocation !== undefined)
    profilers.push(rowsPerSecondProfiler(options.rowsPerInvocation));
  return profilers;
}
