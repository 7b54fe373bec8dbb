/**
 * Rows per second from the harness's own timing: rows per invocation × invocations ÷ measured
 * seconds. It adds no clock of its own, so it agrees exactly with the primary score, and resets and
 * verification outside the timed region never dilute it.
 */
import type { IterationInfo, MetricSample, Profiler } from '@dbbench/harness';

/** The rows/s metric name every row-moving result carries. */
export const ROWS_PER_SECOND = 'rows/s';

/**
 * Creates a profiler that reports `rows/s` for each iteration (nothing for an iteration that timed
 * nothing).
 *
 * @param rowsPerInvocation - rows one invocation moves (read from state, so a benchmark whose row
 *   count is known only after setup can still report it)
 */
export function rowsPerSecondProfiler(rowsPerInvocation: () => number): Profiler {
  return {
    name: 'rows',
    beforeIteration(): void {},
    afterIteration(info: IterationInfo): readonly MetricSample[] {
      if (info.measuredNs <= 0 || info.invocations === 0) return [];
      const value = (rowsPerInvocation() * info.invocations) / (info.measuredNs / 1e9);
      return [{ name: ROWS_PER_SECOND, value, unit: 'rows/s', higherIsBetter: true }];
    },
  };
}
