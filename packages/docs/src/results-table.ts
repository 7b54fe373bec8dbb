import { axisLayout, describeCombination, type AxisLayout } from './axis-layout.js';
import { formatNumber, NOT_APPLICABLE } from './format.js';
import type { MarkdownTable, TableCell } from './markdown-table.js';
import { metricColumns } from './metric-columns.js';
import { compareMetricNames, directionArrow, isDerivedRate, metricGroup, repeatsScore } from './metrics.js';
import { compareRows, isNoisyRow, paramDisplay, scoreInterval, type ResultRow } from './result-row.js';
import { scoreDisplay, type ScoreDisplay } from './score-display.js';

/** A reviewer reads at most this many columns in a benchmark's main table. */
export const MAX_MAIN_COLUMNS = 9;

/** Percentiles of every sample (sample mode), in the order they are offered a column. */
const PERCENTILES: readonly (readonly [key: string, label: string])[] = [
  ['50.0', 'p50'],
  ['99.0', 'p99'],
  ['90.0', 'p90'],
  ['99.9', 'p99.9'],
];

/** Secondary metrics of one group (`pool`, `gc`, `server`, …) in one table. */
export interface MetricGroupTable {
  /** The group's name ('' for metrics without a prefix). */
  readonly group: string;
  readonly table: MarkdownTable;
}

/** The tables of one benchmark. */
export interface BenchmarkTables {
  readonly layout: AxisLayout;
  readonly display: ScoreDisplay;
  /** "poolSize 10, chunkSize 500": axes with one value in every row, or null. */
  readonly fixedAxes: string | null;
  /** The main table: varying axes, score ± error, derived rates, percentiles, status. */
  readonly table: MarkdownTable;
  /** One line per failed combination: which, and why. */
  readonly failures: readonly string[];
  /** Secondary metrics grouped by prefix (shown folded). */
  readonly secondary: readonly MetricGroupTable[];
}

/**
 * The key columns of a row: its varying axes (one combined column when there are more than `room`),
 * its mode when that varies. Every table of a benchmark names its rows this way.
 */
export function keyColumns(
  layout: AxisLayout,
  room: number,
): { header: string[]; cells: (row: ResultRow) => string[] } {
  const combined = layout.varying.length > room;
  const header = [...(combined ? ['parameters'] : layout.varying), ...(layout.modeVaries ? ['mode'] : [])];
  return {
    header,
    cells: (row) => [
      ...(combined
        ? [layout.varying.map((axis) => `${axis}=${paramDisplay(row, axis, NOT_APPLICABLE)}`).join(', ')]
        : layout.varying.map((axis) => paramDisplay(row, axis, NOT_APPLICABLE))),
      ...(layout.modeVaries ? [row.mode] : []),
    ],
  };
}

function scoreCell(row: ResultRow, display: ScoreDisplay): string {
  if (row.status === 'failed') return 'failed';
  const found = scoreInterval(row);
  if (found === undefined) return NOT_APPLICABLE;
  const shown = formatNumber(found.score * display.factor);
  const interval = found.interval;
  if (interval === undefined) {
    return found.low === undefined || found.high === undefined
      ? shown
      : `${shown} ± ${formatNumber(((found.high - found.low) / 2) * display.factor, 2)}`;
  }
  if (interval.method === 'single') return `${shown} (1 fork)`;
  if (interval.method === 'range') {
    return `${shown} (${formatNumber(interval.low * display.factor)}–${formatNumber(interval.high * display.factor)}, ${interval.forks} forks)`;
  }
  return `${shown} ± ${formatNumber(((interval.high - interval.low) / 2) * display.factor, 2)}`;
}

function failureLine(row: ResultRow, layout: AxisLayout): string {
  const which = describeCombination(row, layout.varying) || row.benchmark;
  const reasons = row.failureReasons.length > 0 ? row.failureReasons.join('; ') : 'no reason recorded';
  return `${which}: ${reasons}`;
}

/**
 * Builds one benchmark's tables from its results (all in one score unit). The main table stays
 * within {@link MAX_MAIN_COLUMNS} columns: the axes that vary (fixed ones are said once above it),
 * the score ± error with its unit and direction in the header, derived rates such as rows/s,
 * percentiles where every sample was kept, and the status. Everything else the profilers
 * recorded goes to one table per metric group.
 */
export function benchmarkTables(rows: readonly ResultRow[]): BenchmarkTables {
  const sorted = [...rows].sort(compareRows);
  const first = sorted[0];
  if (!first) throw new Error('benchmarkTables needs at least one result');
  const layout = axisLayout(sorted);
  const display = scoreDisplay(sorted);
  const metricNames = [...new Set(sorted.flatMap((row) => Object.keys(row.secondary)))]
    .filter((name) => !repeatsScore(name, sorted))
    .sort(compareMetricNames);
  const room = MAX_MAIN_COLUMNS - 2 - (layout.modeVaries ? 1 : 0);
  const rates = metricNames.filter((name) => isDerivedRate(name, sorted)).slice(0, Math.max(0, room - 1));
  const keys = keyColumns(layout, room - rates.length);
  const sampled = display.timeUnit !== undefined && sorted.some((row) => row.mode === 'sample');
  const percentileRoom = MAX_MAIN_COLUMNS - keys.header.length - rates.length - 2;
  const percentiles = sampled
    ? PERCENTILES.slice(0, Math.max(0, percentileRoom)).sort(([a], [b]) => Number(a) - Number(b))
    : [];
  const rateColumns = metricColumns(rates, sorted, (name) => name);

  const header: TableCell[] = [
    ...keys.header,
    `score ± error (${display.unit})${directionArrow(first.higherIsBetter)}`,
    ...rateColumns.map((column) => column.header),
    ...percentiles.map(([, label]) => `${label} (${display.timeUnit ?? ''})`),
    'status',
  ];
  const tableRows = sorted.map((row): TableCell[] => [
    ...keys.cells(row),
    scoreCell(row, display),
    ...rateColumns.map((column) => column.cell(row)),
    ...percentiles.map(([key]) => {
      const value =
        row.status === 'ok' && row.mode === 'sample' ? row.primary.scorePercentiles[key] : undefined;
      return formatNumber(typeof value === 'number' ? value * display.factor : undefined);
    }),
    statusCell(row),
  ]);

  const succeeded = sorted.filter((row) => row.status === 'ok');
  const groups = new Map<string, string[]>();
  for (const name of metricNames.filter((metric) => !rates.includes(metric))) {
    groups.set(metricGroup(name), [...(groups.get(metricGroup(name)) ?? []), name]);
  }
  // Metrics without a group read best first; the prefixed groups follow by name.
  const secondary = [...groups]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .filter(() => succeeded.length > 0)
    .map(([group, names]): MetricGroupTable => {
      const columns = metricColumns(names, succeeded);
      const groupKeys = keyColumns(layout, Number.POSITIVE_INFINITY);
      return {
        group,
        table: {
          header: [...groupKeys.header, ...columns.map((column) => column.header)],
          rows: succeeded.map((row) => [
            ...groupKeys.cells(row),
            ...columns.map((column) => column.cell(row)),
          ]),
        },
      };
    });

  return {
    layout,
    display,
    fixedAxes:
      layout.fixed.length === 0 ? null : layout.fixed.map(([axis, value]) => `${axis} ${value}`).join(', '),
    table: { header, rows: tableRows },
    failures: sorted.filter((row) => row.status === 'failed').map((row) => failureLine(row, layout)),
    secondary,
  };
}

/** "ok", "failed", or "noisy" for a score whose forks differ by more than 10%. */
function statusCell(row: ResultRow): string {
  if (isNoisyRow(row)) return 'noisy';
  return row.status;
}
