import { formatNumber, formatRatio, NOT_APPLICABLE } from './format.js';
import { codeCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import {
  compareMetricNames,
  describeMetric,
  formatMetricScore,
  headerUnit,
  ROWS_PER_SECOND,
} from './metrics.js';
import { compareRows, finiteScore, type ResultRow } from './result-row.js';
import { averageMilliseconds } from './units.js';

/** One benchmark's section of a page. */
export interface BenchmarkSection {
  readonly name: string;
  readonly description: string;
  /** The main results table. */
  readonly table: MarkdownTable;
  /** Secondary metrics that are not well known (server counters, new profilers); null when none. */
  readonly otherMetrics: MarkdownTable | null;
  /** Sentences under the tables (direction legend, where the efficiency limit came from). */
  readonly footnotes: readonly string[];
}

/** Options of {@link benchmarkSection}. */
export interface BenchmarkSectionOptions {
  /** Efficiency vs the limit benchmark, for job rows. */
  readonly efficiency?: (row: ResultRow) => number | undefined;
  readonly efficiencyNote?: string;
}

const SAMPLED_PERCENTILES: readonly (readonly [string, string])[] = [
  ['50.0', 'p50'],
  ['95.0', 'p95'],
  ['99.0', 'p99'],
];

function scoreCell(row: ResultRow): string {
  if (row.status === 'failed') return 'failed';
  const score = finiteScore(row.primary);
  if (score === undefined) return NOT_APPLICABLE;
  const error = row.primary.scoreError;
  if (error === 'NaN' || !Number.isFinite(error)) return formatNumber(score);
  return `${formatNumber(score)} ± ${formatNumber(error, 2)}`;
}

function statusCell(row: ResultRow): string {
  if (row.status === 'ok') return 'ok';
  const reasons = row.failureReasons.length > 0 ? row.failureReasons.join('; ') : 'no reason recorded';
  return `failed: ${reasons}`;
}

function arrow(higherIsBetter: boolean | undefined): string {
  return higherIsBetter === undefined ? '' : higherIsBetter ? ' ↑' : ' ↓';
}

function metricHeader(name: string, rows: readonly ResultRow[]): string {
  const withMetric = rows.find((row) => row.secondary[name] !== undefined);
  const label = describeMetric(name).label;
  const unit = headerUnit(withMetric?.secondary[name]?.scoreUnit ?? '', label);
  const direction = rows.find((row) => row.secondaryHigherIsBetter[name] !== undefined)
    ?.secondaryHigherIsBetter[name];
  return `${label}${unit ? ` (${unit})` : ''}${arrow(direction)}`;
}

function metricCell(row: ResultRow, name: string): string {
  if (row.status === 'failed') return NOT_APPLICABLE;
  return formatMetricScore(row.secondary[name]);
}

/**
 * Builds one benchmark's tables: a row per parameter combination, sorted by the axes in declared
 * order, with score ± error, unit, direction, avg ms, rows/s, percentiles where sampled,
 * well-known secondary metrics, efficiency for jobs and the status (failed rows say why).
 */
export function benchmarkSection(
  rows: readonly ResultRow[],
  options: BenchmarkSectionOptions = {},
): BenchmarkSection {
  const sorted = [...rows].sort(compareRows);
  const first = sorted[0];
  if (!first) throw new Error('benchmarkSection needs at least one result');
  const axes = first.axes;
  const showMode = new Set(sorted.map((row) => row.mode)).size > 1;
  const sampled = sorted.some((row) => row.mode === 'sample');
  const metricNames = [...new Set(sorted.flatMap((row) => Object.keys(row.secondary)))]
    .filter((name) => name !== ROWS_PER_SECOND)
    .sort(compareMetricNames);
  const wellKnown = metricNames.filter((name) => describeMetric(name).wellKnown);
  const other = metricNames.filter((name) => !describeMetric(name).wellKnown);
  const showRows = sorted.some((row) => row.secondary[ROWS_PER_SECOND] !== undefined);
  const efficiency = options.efficiency;
  const showEfficiency = efficiency !== undefined;

  const header: TableCell[] = [
    ...axes,
    ...(showMode ? ['mode'] : []),
    'score ± error',
    'unit',
    'better',
    'avg ms',
    ...(showRows ? ['rows/s ↑'] : []),
    ...(sampled ? SAMPLED_PERCENTILES.map(([, label]) => label) : []),
    ...(showEfficiency ? ['efficiency vs limit ↑'] : []),
    ...wellKnown.map((name) => metricHeader(name, sorted)),
    'status',
  ];
  const tableRows = sorted.map((row): TableCell[] => {
    const failed = row.status === 'failed';
    const score = failed ? undefined : finiteScore(row.primary);
    const rowsPerSecond = failed ? undefined : finiteScore(row.secondary[ROWS_PER_SECOND]);
    return [
      ...axes.map((axis) => row.params[axis] ?? NOT_APPLICABLE),
      ...(showMode ? [row.mode] : []),
      scoreCell(row),
      codeCell(row.primary.scoreUnit),
      row.higherIsBetter ? 'higher' : 'lower',
      failed ? NOT_APPLICABLE : formatNumber(averageMilliseconds(score, row.primary.scoreUnit)),
      ...(showRows ? [formatNumber(rowsPerSecond)] : []),
      ...(sampled
        ? SAMPLED_PERCENTILES.map(([key]) =>
            failed || row.mode !== 'sample'
              ? NOT_APPLICABLE
              : formatNumber(row.primary.scorePercentiles[key]),
          )
        : []),
      ...(showEfficiency ? [failed ? NOT_APPLICABLE : formatRatio(efficiency(row))] : []),
      ...wellKnown.map((name) => metricCell(row, name)),
      statusCell(row),
    ];
  });

  const otherMetrics: MarkdownTable | null =
    other.length === 0
      ? null
      : {
          header: [
            ...axes,
            ...(showMode ? ['mode'] : []),
            ...other.map((name) => metricHeader(name, sorted)),
          ],
          rows: sorted.map((row) => [
            ...axes.map((axis) => row.params[axis] ?? NOT_APPLICABLE),
            ...(showMode ? [row.mode] : []),
            ...other.map((name) => metricCell(row, name)),
          ]),
        };

  const footnotes = [
    'Score ± error is the mean with the half-width of its 99.9% confidence interval; ↑ marks metrics where higher is better, ↓ where lower is better; "—" means the value does not apply or was not recorded.',
    ...(sampled ? [`Percentiles are of every sample, in the score's unit.`] : []),
    ...(sorted.some((row) => row.mode === 'thrpt')
      ? [
          'For throughput scores, avg ms is 1 ÷ throughput: with concurrent tasks it is not the latency of one operation.',
        ]
      : []),
    ...(options.efficiencyNote ? [options.efficiencyNote] : []),
    ...[...wellKnown, ...other].flatMap((name) => {
      const note = describeMetric(name).note;
      return note ? [note] : [];
    }),
  ];
  return {
    name: first.benchmark,
    description: first.description,
    table: { header, rows: tableRows },
    otherMetrics,
    footnotes,
  };
}
