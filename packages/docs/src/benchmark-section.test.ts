import { describe, expect, it } from 'vitest';
import type { DbbenchChart, DbbenchResult } from '@dbbench/harness/report';
import { benchmarkSections } from './benchmark-section.js';
import { rowFromDbbench, type ResultRow } from './result-row.js';

const poolWaits: DbbenchChart = {
  name: 'pool-waits',
  title: 'Acquire wait p95 against pool size',
  benchmark: 'job',
  metric: 'pool.acquireWait.p95',
  x: 'poolSize',
  series: 'partitions',
  where: { writer: 'copy' },
  caption: 'Partitions queue once the pool is smaller than them.',
};

/** Three forks of two iterations around `mean` (±2%), so every value has an interval. */
function metric(mean: number, unit: string) {
  return {
    score: mean,
    scoreError: 0,
    scoreConfidence: [mean, mean] as [number, number],
    scorePercentiles: {},
    scoreUnit: unit,
    rawData: [0.98, 1, 1.02].map((factor) => [mean * factor, mean * factor]),
  };
}

/** A job result whose acquire wait p95 is `waitMs`, declaring the chart. */
function jobRow(params: Record<string, string>, waitMs: number): ResultRow {
  return rowFromDbbench({
    benchmark: 'demo.job',
    mode: 'ss',
    params,
    primaryMetric: metric(200, 'ms/op'),
    secondaryMetrics: { 'pool.acquireWait.p95': metric(waitMs, 'ms') },
    dbbench: {
      suite: 'demo',
      benchmarkName: 'job',
      description: '',
      axes: Object.keys(params),
      status: 'ok',
      failures: [],
      higherIsBetter: false,
      secondaryHigherIsBetter: { 'pool.acquireWait.p95': false },
      charts: [poolWaits],
    },
  } as unknown as DbbenchResult);
}

describe('declared charts in a benchmark section', () => {
  const rows = [
    jobRow({ poolSize: '2', partitions: '8', writer: 'copy' }, 170),
    jobRow({ poolSize: '10', partitions: '8', writer: 'copy' }, 0.05),
    jobRow({ poolSize: '2', partitions: '4', writer: 'copy' }, 80),
    jobRow({ poolSize: '10', partitions: '4', writer: 'copy' }, 0.04),
    // Not selected by the chart's `where`: it must not be drawn.
    jobRow({ poolSize: '10', partitions: '4', writer: 'kysely' }, 9999),
  ];
  const { sections, charts } = benchmarkSections(rows, {
    chartPrefix: 'pg-pooled',
    titlePrefix: 'PostgreSQL',
  });

  it('draws the declared metric against its x axis, one line per series, over the rows it selects', () => {
    const chart = charts.find((candidate) => candidate.name === 'pg-pooled-job-pool-waits');
    expect(chart?.title).toBe('PostgreSQL: Acquire wait p95 against pool size');
    const spec = chart?.spec as { data: { values: { x: number; series: number; score: number }[] } };
    const points = spec.data.values.map(({ x, series, score }) => ({ x, series, score }));
    expect(points).toHaveLength(4);
    expect(points).toContainEqual({ x: 2, series: 8, score: 170 });
    expect(points).toContainEqual({ x: 10, series: 4, score: 0.04 });
    expect(points.some((point) => point.score === 9999)).toBe(false);
    expect(chart?.caption).toContain('`pool.acquireWait.p95` in ms (lower is better)');
    expect(chart?.caption).toContain('x: poolSize; one line per partitions');
    expect(chart?.caption).toContain('Partitions queue once the pool is smaller than them.');
  });

  it('lists the declared chart under its benchmark, after the score chart', () => {
    const [section] = sections;
    expect(section?.chart?.svg).toBe('charts/pg-pooled-job.svg');
    expect(section?.declaredCharts.map((chart) => chart.svg)).toEqual([
      'charts/pg-pooled-job-pool-waits.svg',
    ]);
  });
});
