import { serverCounterDeltas, serverCounterUnit, type MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Server-side work during the iteration: the delta of every counter `readServerCounters` returns
 * (rows inserted/fetched, commits, buffer hits, …), named `server.<counter>`. In single-shot mode the
 * iteration also holds the per-invocation reset and verification, so read deltas as "work per
 * iteration", not as the timed region alone.
 */
export function serverCountersProfiler(pool: MeteredPool): Profiler {
  const counters = serverCounterDeltas(pool);
  return {
    name: 'server',
    beforeIteration: () => counters.before(),
    async afterIteration(): Promise<readonly MetricSample[]> {
      const deltas = await counters.after();
      return Object.entries(deltas).map(([name, value]) => ({
        name: `server.${name}`,
        value,
        unit: serverCounterUnit(name),
      }));
    },
  };
}
