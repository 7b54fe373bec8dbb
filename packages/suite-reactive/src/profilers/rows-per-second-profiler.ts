import type { IterationInfo, MetricSample, Profiler } from '@dbbench/harness';

/**
 * `rows/s`: rows one invocation moves × invocations ÷ measured seconds. Computed from the harness's
 * timed region only, so resets and verification never dilute it.
 */
export function rowsPerSecondProfiler(rowsPerInvocation: number): Profiler {
  return {
    name: 'rows',
    beforeIteration(): void {},
    afterIteration(info: IterationInfo): readonly MetricSample[] {
      if (info.measuredNs <= 0 || info.invocations === 0) return [];
      const rowsPerSecond = (rowsPerInvocation * info.invocations) / (info.measuredNs / 1e9);
      return [{ name: 'rows/s', value: rowsPerSecond, unit: 'rows/s', higherIsBetter: true }];
    },
  };
}
