/**
 * What every pooled benchmark sets up per fork (never timed): a pre-warmed metered pool of
 * `poolSize`, a separate one-connection monitor pool for server counters, a fresh schema, seeded
 * source rows when the benchmark reads them, and warm server caches.
 */
import { createPool, createSchema, seedSource, warmCaches, type MeteredPool } from '@dbbench/databases';
import { gcProfiler, type Profiler } from '@dbbench/harness';
import { poolMetricsProfiler } from './profilers/pool-metrics-profiler.js';
import { rowsPerSecondProfiler } from './profilers/rows-per-second-profiler.js';
import { serverCountersProfiler } from './profilers/server-counters-profiler.js';
import type { PooledRunContext } from './run-context.js';

/** The pools a benchmark measures and monitors with. */
export interface PooledTrial {
  /** The measured pool, `poolSize` connections. */
  readonly pool: MeteredPool;
  /** One connection for reading server counters, kept out of the measured pool's metrics. */
  readonly monitorPool: MeteredPool;
}

/** What {@link openTrial} prepares. */
export interface TrialOptions {
  readonly poolSize: number;
  /** Acquire timeout of the measured pool (ms); undefined waits forever. */
  readonly acquireTimeoutMs?: number;
  /** Rows to seed into `source` (untimed, via the engine's bulk path); 0 leaves it empty. */
  readonly sourceRows?: number;
}

/** Opens the pools, recreates the schema, seeds and warms. Closes what it opened if a step fails. */
export async function openTrial(connection: PooledRunContext, options: TrialOptions): Promise<PooledTrial> {
  const pool = await createPool(connection, {
    size: options.poolSize,
    ...(options.acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs: options.acquireTimeoutMs }),
  });
  let monitorPool: MeteredPool | undefined;
  try {
    monitorPool = await createPool(connection, { size: 1 });
    await createSchema(pool);
    if ((options.sourceRows ?? 0) > 0) await seedSource(pool, options.sourceRows ?? 0);
    await warmCaches(pool);
    return { pool, monitorPool };
  } catch (error) {
    await Promise.allSettled([pool.close(), monitorPool?.close()]);
    throw error;
  }
}

/** Closes both pools. */
export async function closeTrial(trial: PooledTrial): Promise<void> {
  await Promise.all([trial.pool.close(), trial.monitorPool.close()]);
}

/**
 * The secondary metrics every pooled result carries: server counter deltas, pool acquire waits and
 * connections opened, gc allocation, and rows/s when the benchmark moves rows.
 */
export function standardProfilers(
  trial: PooledTrial,
  options: { rowsPerInvocation?: () => number; detailedPoolWaits?: boolean } = {},
): Profiler[] {
  const profilers: Profiler[] = [
    // Counters first: they are read on the monitor pool, before the measured pool's metrics reset.
    serverCountersProfiler(trial.monitorPool),
    poolMetricsProfiler(trial.pool, { detailed: options.detailedPoolWaits ?? false }),
    gcProfiler(),
  ];
  if (options.rowsPerInvocation !== undefined)
    profilers.push(rowsPerSecondProfiler(options.rowsPerInvocation));
  return profilers;
}
