/**
 * Pool acquire waits and connections opened, per iteration. Neither pg nor mysql2 times acquisitions;
 * the metered pool from @dbbench/databases does, and this profiler reads it.
 */
import type { MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Resets the pool's metrics before each iteration and reports after it `pool.acquireWait.p95` and
 * `pool.acquireWait.max` (ms) and `pool.connectionsOpened` — physical connections opened during the
 * iteration, 0 for a healthy pre-warmed pool (the pre-warm happened before the first reset).
 * Benchmarks under load ask for the `p50`/`p99` waits too via `detailed`.
 */
export function poolProfiler(pool: MeteredPool, options: { detailed?: boolean } = {}): Profiler {
  return {
    name: 'pool',
    beforeIteration(): void {
      pool.resetMetrics();
    },
    afterIteration(): readonly MetricSample[] {
      const metrics = pool.metrics();
      const wait = metrics.acquireWaitMs;
      const samples: MetricSample[] = [
        { name: 'pool.acquireWait.p95', value: wait.p95, unit: 'ms', higherIsBetter: false },
        { name: 'pool.acquireWait.max', value: wait.max, unit: 'ms', higherIsBetter: false },
        {
          name: 'pool.connectionsOpened',
          value: metrics.connectionsOpened,
          unit: 'count',
          higherIsBetter: false,
        },
      ];
      if (options.detailed === true) {
        samples.push(
          { name: 'pool.acquireWait.p50', value: wait.p50, unit: 'ms', higherIsBetter: false },
          { name: 'pool.acquireWait.p99', value: wait.p99, unit: 'ms', higherIsBetter: false },
        );
      }
      return samples;
    },
  };
}
