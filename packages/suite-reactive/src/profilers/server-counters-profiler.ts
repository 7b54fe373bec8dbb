import { readServerCounters, type MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Server-side work during the iteration: the delta of every counter `readServerCounters` returns
 * (rows inserted/fetched, commits, buffer hits, …), named `server.<counter>`. In single-shot mode the
 * iteration also holds the per-invocation reset and verification, so read deltas as "work per
 * iteration", not as the timed region alone.
 */
export function serverCountersProfiler(pool: MeteredPool): Profiler {
  let before: Record<string, number> = {};
  return {
    name: 'server',
    async beforeIteration(): Promise<void> {
      before = await readServerCounters(pool);
    },
    async afterIteration(): Promise<readonly MetricSample[]> {
      const after = await readServerCounters(pool);
      return Object.keys(after)
        .sort()
        .map((name) => ({
          name: `server.${name}`,
          value: (after[name] ?? 0) - (before[name] ?? 0),
          unit: 'count',
        }));
    },
  };
}
