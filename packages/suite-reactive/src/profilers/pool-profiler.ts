import type { MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Pool acquire wait (p95 and max, ms) and physical connections opened during the iteration, from the
 * metered pool's own timing (neither driver measures acquire wait). Metrics reset before each iteration.
 */
export function poolProfiler(pool: MeteredPool): Profiler {
  return {
    name: 'pool',
    beforeIteration(): void {
      pool.resetMetrics();
    },
    afterIteration(): readonly MetricSample[] {
      const metrics = pool.metrics();
      return [
        { name: 'pool.acquireWait.p95', value: metrics.acquireWaitMs.p95, unit: 'ms', higherIsBetter: false },
        { name: 'pool.acquireWait.max', value: metrics.acquireWaitMs.max, unit: 'ms', higherIsBetter: false },
        {
          name: 'pool.connectionsOpened',
          value: metrics.connectionsOpened,
          unit: 'count',
          higherIsBetter: false,
        },
      ];
    },
  };
}
