/**
 * The secondary metrics every database result carries, in an order that keeps each from seeing the
 * others' work.
 */
import type { MeteredPool } from '@dbbench/databases';
import { gcProfiler, type Profiler } from '@dbbench/harness';
import { nestedProfilers } from './nested-profilers.js';
import { poolProfiler } from './pool-profiler.js';
import { rowsPerSecondProfiler } from './rows-per-second-profiler.js';
import { serverCountersProfiler } from './server-counters-profiler.js';
import { workProfiler } from './work-profiler.js';

/** What a benchmark adds to the standard profilers. */
export interface StandardProfilerOptions {
  /** Rows one invocation moves: adds `rows/s`. */
  readonly rowsPerInvocation?: () => number;
  /** Adds the p50/p99 acquire waits (benchmarks under load). */
  readonly detailedPoolWaits?: boolean;
  /** Work that must run only between the pool's readings (e.g. a closed loop of callers), nested innermost. */
  readonly workload?: Profiler;
  /** Operations one invocation performs (the benchmark's `operationsPerInvocation`); default 1. */
  readonly operationsPerInvocation?: number;
  /** The benchmark's own profilers (memory, streams), run after the standard ones. */
  readonly extra?: readonly Profiler[];
}

/**
 * Server counter deltas, pool acquire waits and new connections, gc allocation, work per operation
 * (statements, transactions, bytes; timed region only), rows/s, then the
 * benchmark's own. Server counters and pool metrics are nested: reading the counters makes every
 * pooled session publish its statistics (it acquires all connections), so it happens before the pool
 * metrics are reset and after they are read; a `workload` runs only between those readings.
 */
export function standardProfilers(pool: MeteredPool, options: StandardProfilerOptions = {}): Profiler[] {
  const nested = [
    serverCountersProfiler(pool),
    poolProfiler(pool, { detailed: options.detailedPoolWaits ?? false }),
  ];
  if (options.workload !== undefined) nested.push(options.workload);
  const profilers: Profiler[] = [
    nestedProfilers('pool-and-server', nested),
    gcProfiler(),
    workProfiler(pool, options.operationsPerInvocation),
  ];
  if (options.rowsPerInvocation !== undefined)
    profilers.push(rowsPerSecondProfiler(options.rowsPerInvocation));
  return [...profilers, ...(options.extra ?? [])];
}
