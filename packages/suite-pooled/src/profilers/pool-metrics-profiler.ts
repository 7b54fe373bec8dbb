/**
 * Pool acquire waits and connections opened, per iteration. Neither pg nor mysql2 times acquisitions;
 * the metered pool from @dbbench/databases does, and this profiler reads it.
 */
import type { MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Creates a profiler that resets the pool's metrics before each iteration and reports
 * `pool.acquireWait.p95` and `pool.acquireWait.max` (ms) and `pool.connectionsOpened` (physical
 * connections opened during the iteration: 0 for a healthy pre-warmed pool) after it.
 * Benchmarks under load ask for the `p50`/`p99` waits too via `detailed`.
 */
export function poolMetricsProfiler(pool: MeteredPool, options: { detailed?: boolean } = {}): Profiler {
  // connectionsOpened counts from pool creation (pre-warm included): report this iteration's share.
  let connectionsOpenedBefore = 0;
  return {
    name: 'pool',
    beforeIteration(): void {
      pool.resetMetrics();
      connectionsOpenedBefore = pool.metrics().connectionsOpened;
    },
    afterIteration(): readonly MetricSample[] {
      const metrics = pool.metrics();
      const wait = metrics.acquireWaitMs;
      const samples: MetricSample[] = [
        { name: 'pool.acquireWait.p95', value: wait.p95, unit: 'ms', higherIsBetter: false },
        { name: 'pool.acquireWait.max', value: wait.max, unit: 'ms', higherIsBetter: false },
        {
          name: 'pool.connectionsOpened',
          value: metrics.connectionsOpened - connectionsOpenedBefore,
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
