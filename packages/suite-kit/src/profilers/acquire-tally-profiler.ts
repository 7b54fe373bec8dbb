/**
 * Where a pooled job's time went when its pool is smaller than its work: acquisitions and the time
 * spent waiting for a connection inside the timed region only, so the reset before an invocation and
 * the verification after it (which borrow from the same pool) are not counted.
 */
import type { AcquireTally, MeteredPool } from '@dbbench/databases';
import type { MetricSample, Profiler } from '@dbbench/harness';

/**
 * Reports per iteration, over its timed regions: `pool.acquisitions` (count), `pool.acquireWait.total`
 * (ms, the summed wait of every acquisition) and, with `partitions`, `pool.acquireWait.perPartition`
 * (ms: the total over the job's partitions, which share the pool — the time each spent, on average,
 * waiting for a connection instead of working).
 */
export function acquireTallyProfiler(
  pool: MeteredPool,
  options: { partitions?: () => number } = {},
): Profiler {
  let acquisitions = 0;
  let waitMs = 0;
  let startedAt: AcquireTally | undefined;
  return {
    name: 'pool-tally',
    beforeIteration(): void {
      acquisitions = 0;
      waitMs = 0;
    },
    timedRegionStarted(): void {
      startedAt = pool.acquireTally();
    },
    timedRegionEnded(): void {
      if (startedAt === undefined) return;
      const endedAt = pool.acquireTally();
      acquisitions += endedAt.acquisitions - startedAt.acquisitions;
      waitMs += endedAt.waitTotalMs - startedAt.waitTotalMs;
      startedAt = undefined;
    },
    afterIteration(): readonly MetricSample[] {
      const samples: MetricSample[] = [
        { name: 'pool.acquisitions', value: acquisitions, unit: 'count', higherIsBetter: false },
        { name: 'pool.acquireWait.total', value: waitMs, unit: 'ms', higherIsBetter: false },
      ];
      if (options.partitions !== undefined) {
        samples.push({
          name: 'pool.acquireWait.perPartition',
          value: waitMs / options.partitions(),
          unit: 'ms',
          higherIsBetter: false,
        });
      }
      return samples;
    },
  };
}
