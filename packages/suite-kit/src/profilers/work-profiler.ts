/**
 * Work per operation, counted client side by the metered pool: statements (round trips),
 * transactions, bytes sent and received — inside the timed region only, so resets and verification
 * around it never count. Work is not time: the same code does the same work in every run, so a
 * benchmark can declare these deterministic and `dbbench compare` reports any change exactly.
 */
import type { MeteredPool, WorkCounters } from '@dbbench/databases';
import type { IterationInfo, MetricSample, Profiler } from '@dbbench/harness';

/** The metric names, for benchmarks that declare them deterministic. */
export const WORK_METRICS = {
  statements: 'work.statements',
  transactions: 'work.transactions',
  bytesSent: 'work.bytesSent',
  bytesReceived: 'work.bytesReceived',
} as const satisfies Record<keyof WorkCounters, string>;

/**
 * The work counters a benchmark whose operation sends a fixed sequence of statements can declare
 * deterministic (`deterministicCounters`): `dbbench compare` then calls any change in them exactly,
 * without statistics. Bytes are left out: they vary with the values' text lengths and driver framing.
 */
export const DETERMINISTIC_WORK: readonly string[] = [WORK_METRICS.statements, WORK_METRICS.transactions];

const ZERO: WorkCounters = { statements: 0, transactions: 0, bytesSent: 0, bytesReceived: 0 };

/**
 * Reports each counter per operation for the iteration: the sum over the timed regions of its
 * invocations, divided by invocations × `operationsPerInvocation`.
 */
export function workProfiler(pool: MeteredPool, operationsPerInvocation = 1): Profiler {
  let total: WorkCounters = ZERO;
  let start: WorkCounters = ZERO;
  return {
    name: 'work',
    beforeIteration(): void {
      total = ZERO;
    },
    timedRegionStarted(): void {
      start = pool.work();
    },
    timedRegionEnded(): void {
      const end = pool.work();
      total = {
        statements: total.statements + end.statements - start.statements,
        transactions: total.transactions + end.transactions - start.transactions,
        bytesSent: total.bytesSent + end.bytesSent - start.bytesSent,
        bytesReceived: total.bytesReceived + end.bytesReceived - start.bytesReceived,
      };
    },
    afterIteration(info: IterationInfo): readonly MetricSample[] {
      const operations = info.invocations * operationsPerInvocation;
      if (operations === 0) return [];
      const per = (value: number): number => value / operations;
      return [
        {
          name: WORK_METRICS.statements,
          value: per(total.statements),
          unit: 'count/op',
          higherIsBetter: false,
        },
        {
          name: WORK_METRICS.transactions,
          value: per(total.transactions),
          unit: 'count/op',
          higherIsBetter: false,
        },
        { name: WORK_METRICS.bytesSent, value: per(total.bytesSent), unit: 'B/op', higherIsBetter: false },
        {
          name: WORK_METRICS.bytesReceived,
          value: per(total.bytesReceived),
          unit: 'B/op',
          higherIsBetter: false,
        },
      ];
    },
  };
}
