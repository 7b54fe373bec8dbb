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

/**
 * How a chart names its lines: each label is the suite, then the values of `named` axes, then
 * every other unplaced axis that varies within the suite (so no two lines are merged). Axes that
 * hold one value for a whole suite are context, not series: they go in the subtitle and caption,
 * which keeps legend labels short and plain ("pooled", "reactive").
 */
interface SeriesNaming {
  labelOf(entry: SuiteRow): string;
  /** Legend title of the labels ("suite", "suite · strategy"). */
  readonly title: string;
  /** Whether the labels differ, i.e. whether a legend for them tells anything. */
  readonly several: boolean;
  /** What holds for the whole chart ("pooled suite", "pooled: chunkSize 500"), if anything. */
  readonly subtitle: string | undefined;
  /** The same as sentences for the caption, or ''. */
  readonly sentence: string;
}

const LABEL_SEPARATOR = ' · ';

function nameSeries(
  entries: readonly SuiteRow[],
  placed: readonly string[],
  named: readonly string[] = [],
): SeriesNaming {
  const suites = [...new Set(entries.map((entry) => entry.suite))];
  const varying = new Map<string, string[]>();
  const constants = new Map<string, string>();
  for (const suite of suites) {
    const rows = entries.filter((entry) => entry.suite === suite).map((entry) => entry.row);
    const axes = [...new Set(rows.flatMap((row) => row.axes))].filter(
      (axis) => !placed.includes(axis) && !named.includes(axis),
    );
    const varies = (axis: string) => new Set(rows.map((row) => row.params[axis] ?? '')).size > 1;
    varying.set(suite, axes.filter(varies));
    const fixed = axes
      .filter((axis) => !varies(axis))
      .map((axis) => `${axis} ${rows[0]?.params[axis] ?? ''}`);
    if (fixed.length > 0) constants.set(suite, fixed.join(', '));
  }
  const labelOf = (entry: SuiteRow): string =>
    [
      entry.suite,
      ...named.flatMap((axis) => {
        const value = entry.row.params[axis];
        return value === undefined ? [] : [value];
      }),
      ...(varying.get(entry.suite) ?? []).map((axis) => `${axis} ${entry.row.params[axis] ?? ''}`),
    ].join(LABEL_SEPARATOR);
  const varyingAxes = [...new Set([...varying.values()].flat())];
  const only = suites.length === 1 ? suites[0] : undefined;
  let subtitle: string | undefined;
  let sentence: string;
  if (only !== undefined) {
    const fixed = constants.get(only);
    subtitle = `${only} suite${fixed ? `, ${fixed}` : ''}`;
    sentence = `From the ${only} suite${fixed ? `, with ${fixed}` : ''}.`;
  } else {
    const parts = [...constants].map(([suite, fixed]) => `${suite}: ${fixed}`);
    subtitle = parts.length > 0 ? parts.join('; ') : undefined;
    sentence = [...constants].map(([suite, fixed]) => `The ${suite} suite ran with ${fixed}.`).join(' ');
  }
  return {
    labelOf,
    title: ['suite', ...named, ...varyingAxes].join(LABEL_SEPARATOR),
    several: new Set(entries.map(labelOf)).size > 1,
    subtitle,
    sentence,
  };
}

/** A caption: the chart's own sentence, what the dashes mean when there are any, and the context. */
function captionOf(text: string, naming: SeriesNaming, dashed: boolean): string {
  return [
    text,
    ...(dashed && naming.several ? [`The dash pattern shows the ${naming.title}.`] : []),
    ...(naming.sentence ? [naming.sentence] : []),
  ].join(' ');
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
  const entries = successfulRows(reports, JOB_BENCHMARK);
  const naming = nameSeries(entries, ['dataSize', 'poolSize', 'partitions']);
  const data: ChartDatum[] = entries.flatMap((entry) => {
    const rate = rowsPerSecond(entry.row);
    if (rate === undefined || rate <= 0) return [];
    return [
      {
        dataSize: axisValue(entry.row, 'dataSize'),
        poolSize: axisValue(entry.row, 'poolSize'),
        partitions: axisValue(entry.row, 'partitions'),
        series: naming.labelOf(entry),
        rowsPerSecond: rate,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: batch job throughput vs partitions`;
  return {
    name: `${database}-job-throughput`,
    title,
    caption: captionOf(
      'Rows per second of the end-to-end job (higher is better); one line per pool size, one panel per dataSize.',
      naming,
      true,
    ),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: { field: 'partitions', title: 'partitions' },
      y: { field: 'rowsPerSecond', title: 'rows/s' },
      color: { field: 'poolSize', title: 'poolSize' },
      strokeDash: { field: 'series', title: naming.title },
      column: { field: 'dataSize', title: 'dataSize' },
    }),
  };
}

function seedChart(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition | undefined {
  const entries = successfulRows(reports, 'seed');
  const naming = nameSeries(entries, ['dataSize', 'poolSize'], ['strategy']);
  const data: ChartDatum[] = entries.flatMap((entry) => {
    const rate = rowsPerSecond(entry.row);
    if (rate === undefined || rate <= 0) return [];
    return [
      {
        dataSize: axisValue(entry.row, 'dataSize'),
        poolSize: axisValue(entry.row, 'poolSize'),
        strategy: naming.labelOf(entry),
        rowsPerSecond: rate,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: seeding rows/s by strategy`;
  return {
    name: `${database}-seed-rows`,
    title,
    caption: captionOf(
      'Rows per second written by each insert strategy (higher is better), one panel per pool size.',
      naming,
      false,
    ),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: { field: 'dataSize', title: 'dataSize' },
      y: { field: 'rowsPerSecond', title: 'rows/s' },
      color: { field: 'strategy', title: naming.title },
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
  const entries = successfulRows(reports, 'contention');
  const naming = nameSeries(entries, ['poolSize', 'concurrency', 'acquireTimeout']);
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
        series: naming.labelOf(entry),
        value: metric.score,
      },
    ];
  });
  if (data.length === 0) return undefined;
  const title = `${engineTitle(database)}: ${metricLabel} vs concurrency`;
  return {
    name: `${database}-contention-${slug}`,
    title,
    caption: captionOf(caption, naming, true),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: { field: 'concurrency', title: 'concurrency (tasks)' },
      y: { field: 'value', title: unit ? `${metricLabel} (${unit})` : metricLabel },
      color: { field: 'poolSize', title: 'poolSize' },
      strokeDash: { field: 'series', title: naming.title },
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
  const entries = successfulRows(reports, 'queries');
  const naming = nameSeries(entries, ['query', 'poolSize']);
  const data: ChartDatum[] = entries.flatMap((entry) => {
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
          series: naming.labelOf(entry),
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
    caption: captionOf(
      'Latency of single queries at each percentile of every sample (lower is better), one panel per pool size.',
      naming,
      true,
    ),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: { field: 'percentile', title: 'percentile' },
      xOrder: PERCENTILES.map(([, label]) => label),
      y: { field: 'latencyMs', title: 'latency (ms)' },
      color: { field: 'query', title: 'query' },
      strokeDash: { field: 'series', title: naming.title },
      column: { field: 'poolSize', title: 'poolSize' },
    }),
  };
}

function memoryChart(database: string, reports: readonly DbbenchReportFile[]): ChartDefinition | undefined {
  const entries = successfulRows(reports, 'memory');
  const naming = nameSeries(entries, ['dataSize']);
  const data: ChartDatum[] = entries.flatMap((entry) =>
    ['peak RSS', 'peak heap'].flatMap((label) => {
      const metric = metricByLabel(entry.row, label);
      const mebibytes = metric ? toMebibytes(metric.score, metric.unit) : undefined;
      if (mebibytes === undefined) return [];
      return [
        {
          dataSize: axisValue(entry.row, 'dataSize'),
          metric: label,
          series: naming.labelOf(entry),
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
    caption: captionOf(
      'Peak RSS and heap while streaming (lower is better); flat lines mean memory is bounded by the chunk, not the data.',
      naming,
      true,
    ),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: { field: 'dataSize', title: 'dataSize' },
      y: { field: 'mebibytes', title: 'MiB' },
      color: { field: 'metric', title: 'metric' },
      strokeDash: { field: 'series', title: naming.title },
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
