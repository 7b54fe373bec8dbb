import { JOB_BENCHMARK, rowsPerSecond } from '../efficiency.js';
import { finiteScore, type ResultRow } from '../result-row.js';
import type { DbbenchReportFile } from '../report-file.js';
import { describeMetric, toMebibytes } from '../metrics.js';
import { toMilliseconds } from '../units.js';
import { buildChart, type ChartDefinition, type ChartDescriptor } from './chart-descriptor.js';
import type { ChartDatum } from './line-chart-spec.js';

// A parameter as the chart plots it: numbers stay numbers so ordinal axes sort numerically.
function axisValue(row: ResultRow, axis: string): string | number {
  const value = row.params[axis] ?? '';
  const numeric = Number(value);
  return value.trim() !== '' && Number.isFinite(numeric) ? numeric : value;
}

// The datum's keys keep the order of `axes`: it is the order written to the `.vl.json` file.
function axisValues(row: ResultRow, axes: readonly string[]): Record<string, string | number> {
  return Object.fromEntries(axes.map((axis) => [axis, axisValue(row, axis)]));
}

// Secondary metrics are keyed by profiler-specific names; charts ask for them by their label.
function metricByLabel(
  row: ResultRow,
  label: string,
): { name: string; score: number; unit: string } | undefined {
  for (const [name, metric] of Object.entries(row.secondary)) {
    const score = finiteScore(metric);
    if (describeMetric(name).label === label && score !== undefined)
      return { name, score, unit: metric.scoreUnit };
  }
  return undefined;
}

/**
 * One point of rows per second per result, at its `axes`, with its series label under
 * `seriesField`; results without a positive rate are left out (a log axis cannot show zero).
 */
function throughputPoints(axes: readonly string[], seriesField: string): ChartDescriptor['points'] {
  return (entry, series) => {
    const rate = rowsPerSecond(entry.row);
    if (rate === undefined || rate <= 0) return [];
    return [{ ...axisValues(entry.row, axes), [seriesField]: series, rowsPerSecond: rate }];
  };
}

const JOB_AXES = ['dataSize', 'poolSize', 'partitions'];

const JOB_CHART: ChartDescriptor = {
  slug: 'job-throughput',
  heading: 'batch job throughput vs partitions',
  benchmark: JOB_BENCHMARK,
  placed: JOB_AXES,
  caption:
    'Rows per second of the end-to-end job (higher is better); one line per pool size, one panel per dataSize.',
  points: throughputPoints(JOB_AXES, 'series'),
  x: { field: 'partitions', title: 'partitions' },
  y: { field: 'rowsPerSecond', title: 'rows/s' },
  color: { field: 'poolSize', title: 'poolSize' },
  strokeDash: { field: 'series' },
  column: { field: 'dataSize', title: 'dataSize' },
};

const SEED_AXES = ['dataSize', 'poolSize'];

// Strategies are what the seed chart compares, so they get the colours rather than dashes.
const SEED_CHART: ChartDescriptor = {
  slug: 'seed-rows',
  heading: 'seeding rows/s by strategy',
  benchmark: 'seed',
  placed: SEED_AXES,
  named: ['strategy'],
  caption: 'Rows per second written by each insert strategy (higher is better), one panel per pool size.',
  points: throughputPoints(SEED_AXES, 'strategy'),
  x: { field: 'dataSize', title: 'dataSize' },
  y: { field: 'rowsPerSecond', title: 'rows/s' },
  color: { field: 'strategy' },
  column: { field: 'poolSize', title: 'poolSize' },
};

/** A chart of one secondary metric of the contention benchmark against concurrency. */
function contentionChart(metricLabel: string, slug: string, caption: string): ChartDescriptor {
  return {
    slug: `contention-${slug}`,
    heading: `${metricLabel} vs concurrency`,
    benchmark: 'contention',
    placed: ['poolSize', 'concurrency', 'acquireTimeout'],
    caption,
    points: (entry, series) => {
      const metric = metricByLabel(entry.row, metricLabel);
      if (!metric) return [];
      return [
        {
          ...axisValues(entry.row, ['concurrency', 'poolSize']),
          // Runs without a timeout still need a panel, named for what they are.
          acquireTimeout: entry.row.params['acquireTimeout'] ?? 'none',
          series,
          value: metric.score,
        },
      ];
    },
    x: { field: 'concurrency', title: 'concurrency (tasks)' },
    y: (entries) => {
      // The unit is whatever the profiler recorded; every result of a run records the same one.
      const unit = entries.flatMap((entry) => metricByLabel(entry.row, metricLabel)?.unit ?? []).at(-1);
      return { field: 'value', title: unit ? `${metricLabel} (${unit})` : metricLabel };
    },
    color: { field: 'poolSize', title: 'poolSize' },
    strokeDash: { field: 'series' },
    column: { field: 'acquireTimeout', title: 'acquireTimeout' },
  };
}

const PERCENTILES: readonly (readonly [string, string])[] = [
  ['50.0', 'p50'],
  ['90.0', 'p90'],
  ['95.0', 'p95'],
  ['99.0', 'p99'],
  ['99.9', 'p99.9'],
  ['100.0', 'max'],
];

const QUERY_LATENCY_CHART: ChartDescriptor = {
  slug: 'query-latency',
  heading: 'query latency percentiles',
  benchmark: 'queries',
  placed: ['query', 'poolSize'],
  caption:
    'Latency of single queries at each percentile of every sample (lower is better), one panel per pool size.',
  points: (entry, series) => {
    // Percentiles are only comparable as times: throughput-mode scores (ops/s) are skipped.
    const unitTime = /^(\w+)\/op$/.exec(entry.row.primary.scoreUnit)?.[1];
    if (!unitTime) return [];
    return PERCENTILES.flatMap(([key, label]): ChartDatum[] => {
      const raw = entry.row.primary.scorePercentiles[key];
      const latency = typeof raw === 'number' ? toMilliseconds(raw, unitTime) : undefined;
      if (latency === undefined || latency <= 0) return [];
      return [
        {
          query: entry.row.params['query'] ?? entry.row.benchmark,
          poolSize: axisValue(entry.row, 'poolSize'),
          series,
          percentile: label,
          latencyMs: latency,
        },
      ];
    });
  },
  x: { field: 'percentile', title: 'percentile' },
  xOrder: PERCENTILES.map(([, label]) => label),
  y: { field: 'latencyMs', title: 'latency (ms)' },
  color: { field: 'query', title: 'query' },
  strokeDash: { field: 'series' },
  column: { field: 'poolSize', title: 'poolSize' },
};

const MEMORY_CHART: ChartDescriptor = {
  slug: 'memory-peak',
  heading: 'peak memory vs dataSize',
  benchmark: 'memory',
  placed: ['dataSize'],
  caption:
    'Peak RSS and heap while streaming (lower is better); flat lines mean memory is bounded by the chunk, not the data.',
  points: (entry, series) =>
    ['peak RSS', 'peak heap'].flatMap((label): ChartDatum[] => {
      const metric = metricByLabel(entry.row, label);
      const mebibytes = metric ? toMebibytes(metric.score, metric.unit) : undefined;
      if (mebibytes === undefined) return [];
      return [{ dataSize: axisValue(entry.row, 'dataSize'), metric: label, series, mebibytes }];
    }),
  x: { field: 'dataSize', title: 'dataSize' },
  y: { field: 'mebibytes', title: 'MiB' },
  color: { field: 'metric', title: 'metric' },
  strokeDash: { field: 'series' },
};

// The order here is the order of the charts on the engine's page.
const ENGINE_CHARTS: readonly ChartDescriptor[] = [
  JOB_CHART,
  SEED_CHART,
  contentionChart(
    'acquire wait p95',
    'acquire-wait',
    'How long a task waits for a connection at the 95th percentile (lower is better), one line per pool size.',
  ),
  contentionChart(
    'success rate',
    'success-rate',
    'Share of operations that got a connection before the acquire timeout (higher is better).',
  ),
  QUERY_LATENCY_CHART,
  MEMORY_CHART,
];

/**
 * The charts of one engine's page, built from all its suites' reports; a chart whose benchmark or
 * metric is missing from every report is left out (the page then lists only what exists).
 */
export function engineCharts(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition[] {
  return ENGINE_CHARTS.map((descriptor) => buildChart(descriptor, database, reports)).filter(
    (chart): chart is ChartDefinition => chart !== undefined,
  );
}
