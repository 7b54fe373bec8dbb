import { describe, expect, it } from 'vitest';
import type { DbbenchResult } from '@dbbench/harness/report';
import { rowFromDbbench } from './result-row.js';
import { formatDuration, runTimeTable } from './run-time-table.js';

function row(benchmark: string, elapsedMs?: number) {
  const durations =
    elapsedMs === undefined
      ? {}
      : {
          elapsedMs,
          durationsMs: {
            setup: elapsedMs / 4,
            warmup: elapsedMs / 4,
            measurement: elapsedMs / 2,
            teardown: 0,
          },
        };
  return rowFromDbbench({
    benchmark: `demo.${benchmark}`,
    mode: 'ss',
    params: {},
    primaryMetric: {
      score: 1,
      scoreError: 0,
      scoreConfidence: [1, 1],
      scorePercentiles: {},
      scoreUnit: 'ms/op',
      rawData: [[1]],
    },
    secondaryMetrics: {},
    dbbench: { benchmarkName: benchmark, axes: [], status: 'ok', failures: [], ...durations },
  } as unknown as DbbenchResult);
}

describe('the run time table', () => {
  it('sums every combination per benchmark and per suite, with the share of each phase', () => {
    const table = runTimeTable([
      { group: 'demo', row: row('seed', 30_000) },
      { group: 'demo', row: row('seed', 30_000) },
      { group: 'demo', row: row('job', 125_000) },
    ]);
    expect(table?.rows).toEqual([
      ['demo', 'seed', '2', '1 min 00 s', '25%', '25%', '50%'],
      ['demo', 'job', '1', '2 min 05 s', '25%', '25%', '50%'],
      ['demo', '(all)', '3', '3 min 05 s', '25%', '25%', '50%'],
    ]);
  });

  it('is left out when no result recorded its time', () => {
    expect(runTimeTable([{ group: 'demo', row: row('seed') }])).toBeNull();
  });

  it('writes seconds below a minute and minutes above', () => {
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(61_000)).toBe('1 min 01 s');
  });
});
