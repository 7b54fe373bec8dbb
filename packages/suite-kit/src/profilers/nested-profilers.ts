/**
 * Nests profilers like `try/finally` blocks: the outer one starts first and ends last. The harness
 * runs a benchmark's profilers in list order both before and after an iteration; nesting is needed
 * when one profiler's own work would be seen by another (reading server counters acquires every
 * pooled connection, which the pool metrics must not count).
 */
import type { IterationInfo, MetricSample, Profiler } from '@dbbench/harness';

/**
 * One profiler running `profilers` nested, the first outermost: before an iteration in list order,
 * after it in reverse. Metrics are reported in list order.
 */
export function nestedProfilers(name: string, profilers: readonly Profiler[]): Profiler {
  return {
    name,
    async beforeIteration(): Promise<void> {
      for (const profiler of profilers) await profiler.beforeIteration();
    },
    async afterIteration(info: IterationInfo): Promise<readonly MetricSample[]> {
      const samples: (readonly MetricSample[])[] = [];
      for (const profiler of [...profilers].reverse()) samples.unshift(await profiler.afterIteration(info));
      return samples.flat();
    },
  };
}
