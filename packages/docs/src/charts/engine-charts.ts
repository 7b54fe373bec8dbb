import { engineTitle } from '../environment.js';
import { JOB_BENCHMARK, rowsPerSecond } from '../efficiency.js';
import { compareRows, finiteScore, rowFromDbbench, type ResultRow } from '../result-row.js';
import type { DbbenchReportFile } from '../report-file.js';
import { describeMetric, toMebibytes } from '../metrics.js';
import { toMilliseconds } from '../units.js';
import { lineChartSpec, type ChartDatum, type JsonValue } from './line-chart-spec.js';

/** A chart of one engine's page: written as `charts/<name>.vl.json` and `charts/<name>.svg`. */
export interface ChartDefinition {
  readonly name: string;
  readonly title: string;
  /** One sentence under the chart: what to look for. */
  readonly caption: string;
  readonly spec: JsonValue;
}

interface SuiteRow {
  readonly suite: string;
  readonly row: ResultRow;
}

function successfulRows(reports: readonly DbbenchReportFile[], benchmark: string): SuiteRow[] {
  return reports
    .flatMap((report) =>
      report.results
        .filter((result) => result.dbbench.benchmarkName === benchmark)
        .map((result) => ({ suite: report.suite, row: rowFromDbbench(result) })),
    )
    .filter((entry) => entry.row.status === 'ok')
    .sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : compareRows(a.row, b.row)));
}

function axisValue(row: ResultRow, axis: string): string | number {
  const value = row.params[axis] ?? '';
  const numeric = Number(value);
  return value.trim() !== '' && Number.isFinite(numeric) ? numeric : value;
}

/** The suite plus every axis the chart does not place elsewhere, so no two lines are merged. */
function seriesLabel(entry: SuiteRow, placedAxes: readonly string[]): string {
  const extra = entry.row.axes
    .filter((axis) => !placedAxes.includes(axis))
    .map((axis) => `${axis} ${entry.row.params[axis] ?? ''}`);
  return [entry.suite, ...extra].join(', ');
}

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

function jobChart(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition | undefined {
  const placed = ['dataSize', 'poolSize', 'partitions'];
  const data: ChartDatum[] = successfulRows(reports, JOB_BENCHMARK).flatMap((entry) => {
    const rate = rowsPerSecond(entry.row);
    if (rate === undefined || rate <= 0) return [];
    return [
      {
        dataSize: axisValue(entry.row, 'dataSize'),
        poolSize: axisValue(entry.row, 'poolSize'),
        partitions: axisValue(entry.row, 'partitions'),
        series: seriesLabel(entry, placed),
        rowsPerSecond: rate,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: batch job throughput vs partitions`;
  return {
    name: `${database}-job-throughput`,
    title,
    caption:
      'Rows per second of the end-to-end job (higher is better); one line per pool size, dashes tell the suites apart, one panel per dataSize.',
    spec: lineChartSpec({
      title,
      data,
      x: { field: 'partitions', title: 'partitions' },
      y: { field: 'rowsPerSecond', title: 'rows/s' },
      color: { field: 'poolSize', title: 'poolSize' },
      strokeDash: { field: 'series', title: 'suite' },
      column: { field: 'dataSize', title: 'dataSize' },
    }),
  };
}

function seedChart(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition | undefined {
  const placed = ['dataSize', 'poolSize'];
  const data: ChartDatum[] = successfulRows(reports, 'seed').flatMap((entry) => {
    const rate = rowsPerSecond(entry.row);
    if (rate === undefined || rate <= 0) return [];
    return [
      {
        dataSize: axisValue(entry.row, 'dataSize'),
        poolSize: axisValue(entry.row, 'poolSize'),
        strategy: seriesLabel(entry, placed),
        rowsPerSecond: rate,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: seeding rows/s by strategy`;
  return {
    name: `${database}-seed-rows`,
    title,
    caption: 'Rows per second written by each insert strategy (higher is better), one panel per pool size.',
    spec: lineChartSpec({
      title,
      data,
      x: { field: 'dataSize', title: 'dataSize' },
      y: { field: 'rowsPerSecond', title: 'rows/s' },
      color: { field: 'strategy', title: 'suite, strategy' },
      column: { field: 'poolSize', title: 'poolSize' },
    }),
  };
}

function contentionChart(
  database: string,
  reports: readonly DbbenchReportFile[],
  metricLabel: string,
  slug: string,
  caption: string,
): ChartDefinition | undefined {
  const placed = ['poolSize', 'concurrency', 'acquireTimeout'];
  const entries = successfulRows(reports, 'contention');
  let unit = '';
  const data: ChartDatum[] = entries.flatMap((entry) => {
    const metric = metricByLabel(entry.row, metricLabel);
    if (!metric) return [];
    unit = metric.unit;
    return [
      {
        concurrency: axisValue(entry.row, 'concurrency'),
        poolSize: axisValue(entry.row, 'poolSize'),
        acquireTimeout: entry.row.params['acquireTimeout'] ?? 'none',
        series: seriesLabel(entry, placed),
        value: metric.score,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: ${metricLabel} vs concurrency`;
  return {
    name: `${database}-contention-${slug}`,
    title,
    caption,
    spec: lineChartSpec({
      title,
      data,
      x: { field: 'concurrency', title: 'concurrency (tasks)' },
      y: { field: 'value', title: unit ? `${metricLabel} (${unit})` : metricLabel },
      color: { field: 'poolSize', title: 'poolSize' },
      strokeDash: { field: 'series', title: 'suite' },
      column: { field: 'acquireTimeout', title: 'acquireTimeout' },
    }),
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

function queryLatencyChart(
  database: string,
  reports: readonly DbbenchReportFile[],
): ChartDefinition | undefined {
  const placed = ['query', 'poolSize'];
  const data: ChartDatum[] = successfulRows(reports, 'queries').flatMap((entry) => {
    const unitTime = /^(\w+)\/op$/.exec(entry.row.primary.scoreUnit)?.[1];
    if (!unitTime) return [];
    return PERCENTILES.flatMap(([key, label]) => {
      const raw = entry.row.primary.scorePercentiles[key];
      const latency = typeof raw === 'number' ? toMilliseconds(raw, unitTime) : undefined;
      if (latency === undefined || latency <= 0) return [];
      return [
        {
          query: entry.row.params['query'] ?? entry.row.benchmark,
          poolSize: axisValue(entry.row, 'poolSize'),
          series: seriesLabel(entry, placed),
          percentile: label,
          latencyMs: latency,
        },
      ];
    });
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: query latency percentiles`;
  return {
    name: `${database}-query-latency`,
    title,
    caption:
      'Latency of single queries at each percentile of every sample (lower is better), one panel per pool size.',
    spec: lineChartSpec({
      title,
      data,
      x: { field: 'percentile', title: 'percentile' },
      xOrder: PERCENTILES.map(([, label]) => label),
      y: { field: 'latencyMs', title: 'latency (ms)' },
      color: { field: 'query', title: 'query' },
      strokeDash: { field: 'series', title: 'suite' },
      column: { field: 'poolSize', title: 'poolSize' },
    }),
  };
}

function memoryChart(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition | undefined {
  const placed = ['dataSize'];
  const data: ChartDatum[] = successfulRows(reports, 'memory').flatMap((entry) =>
    ['peak RSS', 'peak heap'].flatMap((label) => {
      const metric = metricByLabel(entry.row, label);
      const mebibytes = metric ? toMebibytes(metric.score, metric.unit) : undefined;
      if (mebibytes === undefined) return [];
      return [
        {
          dataSize: axisValue(entry.row, 'dataSize'),
          metric: label,
          series: seriesLabel(entry, placed),
          mebibytes,
        },
      ];
    }),
  );
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: peak memory vs dataSize`;
  return {
    name: `${database}-memory-peak`,
    title,
    caption:
      'Peak RSS and heap while streaming (lower is better); flat lines mean memory is bounded by the chunk, not the data.',
    spec: lineChartSpec({
      title,
      data,
      x: { field: 'dataSize', title: 'dataSize' },
      y: { field: 'mebibytes', title: 'MiB' },
      color: { field: 'metric', title: 'metric' },
      strokeDash: { field: 'series', title: 'suite' },
    }),
  };
}

/**
 * The charts of one engine's page, built from all its suites' reports; a chart whose benchmark or
 * metric is missing from every report is left out (the page then lists only what exists).
 */
export function engineCharts(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition[] {
  return [
    jobChart(database, reports),
    seedChart(database, reports),
    contentionChart(
      database,
      reports,
      'acquire wait p95',
      'acquire-wait',
      'How long a task waits for a connection at the 95th percentile (lower is better), one line per pool size.',
    ),
    contentionChart(
      database,
      reports,
      'success rate',
      'success-rate',
      'Share of operations that got a connection before the acquire timeout (higher is better).',
    ),
    queryLatencyChart(database, reports),
    memoryChart(database, reports),
  ].filter((chart): chart is ChartDefinition => chart !== undefined);
}
