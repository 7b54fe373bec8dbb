/**
 * Server-side work per iteration: deltas of the server's cumulative counters (PostgreSQL
 * pg_stat_database and WAL bytes; MySQL SHOW GLOBAL STATUS), read before and after each iteration.
 */
import {
  serverCounterDeltas,
  serverCounterUnit,
  subtractCounters,
  type MeteredPool,
} from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Creates a profiler reporting `server.<counter>` deltas per iteration.
 *
 * @param pool - the measured pool: on PostgreSQL each of its sessions is made to publish its pending
 *   statistics before the read, so the pool must be idle (nest this profiler outside the workload)
 */
export function serverCountersProfiler(pool: MeteredPool): Profiler {
  const counters = serverCounterDeltas(pool);
  return {
    name: 'server',
    beforeIteration: () => counters.before(),
    afterIteration: async () => serverSamples(await counters.after()),
  };
}

/** `server.<name>` = after − before for every counter present in both readings, sorted by name. */
export function counterDeltas(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): MetricSample[] {
  return serverSamples(subtractCounters(before, after));
}

function serverSamples(deltas: Readonly<Record<string, number>>): MetricSample[] {
  return Object.entries(deltas).map(([name, value]) => ({
    name: `server.${name}`,
    value,
    unit: serverCounterUnit(name),
  }));
}
