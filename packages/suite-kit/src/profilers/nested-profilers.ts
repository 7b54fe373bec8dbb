/**
 * Nests profilers like `try/finally` blocks: the outer one starts first and ends last. The harness
 * runs a benchmark's profilers in list order both before and after an iteration; nesting is needed
 * when one profiler's own work would be seen by another (reading server counters acquires every
 * pooled connection, which the pool metrics must not count).
 */
import type { HistogramSample, IterationInfo, MetricSample, Profiler } from '@dbbench/harness';

/**
 * One profiler running `profilers` nested, the first outermost: before an iteration in list order,
 * after it in reverse. Metrics are reported in list order.
 */
export function nestedProfilers(name: string, profilers: readonly Profiler[]): Profiler {
  // The timed-region hooks only when a nested profiler has them: the harness wraps every invocation
  // of a benchmark whose profilers have them.
  const started = profilers.filter((profiler) => profiler.timedRegionStarted !== undefined);
  const ended = profilers.filter((profiler) => profiler.timedRegionEnded !== undefined);
  return {
    name,
    ...(started.length === 0
      ? {}
      : {
          timedRegionStarted(): void {
            for (const profiler of started) profiler.timedRegionStarted?.();
          },
        }),
    ...(ended.length === 0
      ? {}
      : {
          timedRegionEnded(): void {
            for (const profiler of ended) profiler.timedRegionEnded?.();
          },
        }),
    async beforeIteration(): Promise<void> {
      for (const profiler of profilers) await profiler.beforeIteration();
    },
    async afterIteration(info: IterationInfo): Promise<readonly MetricSample[]> {
      const samples: (readonly MetricSample[])[] = [];
      for (const profiler of [...profilers].reverse()) samples.unshift(await profiler.afterIteration(info));
      return samples.flat();
    },
    // Called after afterIteration: each nested profiler's distributions of the iteration just read.
    histograms(): readonly HistogramSample[] {
      return profilers.flatMap((profiler) => profiler.histograms?.() ?? []);
    },
  };
}
