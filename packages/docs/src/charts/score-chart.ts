import { axisValues, isNumericAxis } from '../axis-layout.js';
import type { BenchmarkTables } from '../results-table.js';
import type { DbbenchChart, JmhMetric } from '@dbbench/harness/report';
import { compareRows, metricInterval, paramDisplay, type ResultRow } from '../result-row.js';
import { displayUnitName } from '../units.js';
import {
  intervalEnds,
  scoreChartSpec,
  type ChartDimension,
  type JsonValue,
  type ScorePoint,
} from './score-chart-spec.js';

/** A chart of a page: written as `charts/<name>.vl.json` and `charts/<name>.svg`. */
export interface ChartDefinition {
  readonly name: string;
  readonly title: string;
  /** One or two sentences under the chart: what is drawn and how to read it. */
  readonly caption: string;
  readonly spec: JsonValue;
}

/** The interval every score carries on the pages: fork-level, as the answers' (see `forkInterval`). */
export const CONFIDENCE_TEXT =
  '95% confidence interval over fork means (Student t, from 3 forks; the range of the forks below)';

const SEPARATOR = ' · ';

interface Placement {
  readonly x: string | undefined;
  readonly series: readonly string[];
  readonly panel: string | undefined;
}

/**
 * Where each varying axis goes: x is the first axis whose values are numbers (else the first
 * axis); with two or more left, the last one that is not a category becomes the panels and the
 * rest name the series, so a category (a strategy, a query) gets the colours.
 */
function place(rows: readonly ResultRow[], varying: readonly string[]): Placement {
  const x = varying.find((axis) => isNumericAxis(rows, axis)) ?? varying[0];
  const rest = varying.filter((axis) => axis !== x);
  if (rest.length < 2) return { x, series: rest, panel: undefined };
  const category = rest.find((axis) => !isNumericAxis(rows, axis));
  const panel = [...rest].reverse().find((axis) => axis !== category);
  return { x, series: rest.filter((axis) => axis !== panel), panel };
}

function plotted(rows: readonly ResultRow[], axis: string, row: ResultRow): string | number {
  return isNumericAxis(rows, axis) ? Number(row.params[axis] ?? '') : paramDisplay(row, axis);
}

/** What a chart plots: the score, or the secondary metric that answers the benchmark's question. */
interface Plotted {
  /** "score" or the metric's name, e.g. `rows/s`. */
  readonly name: string;
  readonly unit: string;
  /** From the recorded unit to the shown one. */
  readonly factor: number;
  readonly higherIsBetter: boolean;
  metric(row: ResultRow): JmhMetric | undefined;
  /** Why this metric, when it is not the score: a sentence for the caption. */
  readonly why: string | undefined;
}

function secondaryPlotted(rows: readonly ResultRow[], name: string, why: string): Plotted | undefined {
  const first = rows.find((row) => row.secondary[name] !== undefined);
  const direction = first?.secondaryHigherIsBetter[name];
  if (first === undefined || direction === undefined) return undefined;
  if (!rows.every((row) => row.status !== 'ok' || row.secondary[name] !== undefined)) return undefined;
  return {
    name,
    unit: displayUnitName(first.secondary[name]!.scoreUnit),
    factor: 1,
    higherIsBetter: direction,
    metric: (row) => row.secondary[name],
    why,
  };
}

/**
 * What answers a benchmark's question, from the declarations in its report (the docs know no
 * benchmark): a benchmark that no declared question compares on its score, but that records a metric
 * the questions compare (peak RSS), is about that metric; a benchmark scored as a time per operation
 * that records a rate with a direction (`rows/s`) is read as that rate, which stays comparable across
 * data sizes where times span decades; anything else plots its score.
 */
function plottedMetric(
  rows: readonly ResultRow[],
  tables: BenchmarkTables,
  comparedMetrics: ReadonlySet<string>,
): Plotted {
  const first = rows[0];
  const score: Plotted = {
    name: 'score',
    unit: tables.display.unit,
    factor: tables.display.factor,
    higherIsBetter: first?.higherIsBetter ?? false,
    metric: (row) => row.primary,
    why: undefined,
  };
  if (first === undefined) return score;
  const askedAbout = rows.some((row) => (row.dbbench?.answers ?? []).length > 0);
  if (!askedAbout) {
    for (const name of [...comparedMetrics].sort()) {
      const plotted = secondaryPlotted(
        rows,
        name,
        'It plots the metric the suite’s questions compare, which this benchmark exists to show; the table has its score.',
      );
      if (plotted !== undefined) return plotted;
    }
  }
  if (!first.higherIsBetter && tables.display.timeUnit !== undefined) {
    const rates = Object.keys(first.secondary)
      .filter(
        (name) =>
          first.secondaryHigherIsBetter[name] === true && /\/s$/.test(first.secondary[name]?.scoreUnit ?? ''),
      )
      .sort();
    for (const name of rates) {
      const plotted = secondaryPlotted(
        rows,
        name,
        'It plots the per-second figure, which reads across data sizes where times span decades; the table has the time per operation.',
      );
      if (plotted !== undefined) return plotted;
    }
  }
  return score;
}

/** What a declared chart plots: its metric, with its caption as the reason; undefined if a row lacks it. */
function declaredPlotted(
  rows: readonly ResultRow[],
  tables: BenchmarkTables,
  declared: DbbenchChart,
): Plotted | undefined {
  if (declared.metric !== 'score') return secondaryPlotted(rows, declared.metric, declared.caption);
  return {
    name: 'score',
    unit: tables.display.unit,
    factor: tables.display.factor,
    higherIsBetter: rows[0]?.higherIsBetter ?? false,
    metric: (row) => row.primary,
    why: declared.caption,
  };
}

/** A declared chart's axes: its x and series; any other axis that varies among its rows makes panels (or more series). */
function declaredPlacement(varying: readonly string[], declared: DbbenchChart): Placement {
  const series = declared.series === undefined ? [] : [declared.series];
  const rest = varying.filter((axis) => axis !== declared.x && !series.includes(axis));
  return { x: declared.x, series: [...series, ...rest.slice(1)], panel: rest[0] };
}

/**
 * The chart of one benchmark: every successful combination's value of the metric that answers its
 * question (see {@link plottedMetric}) with an error bar of its interval, with no panel or series for
 * an axis that does not vary. With `declared`, the suite's declared chart instead: its metric against
 * its axes, over the rows its `where` selects (the caller filters them). Undefined when no
 * combination succeeded (or, declared, when one lacks the metric).
 */
export function scoreChart(options: {
  readonly name: string;
  readonly title: string;
  readonly rows: readonly ResultRow[];
  readonly tables: BenchmarkTables;
  /** Secondary metrics the report's declared questions compare (e.g. peak RSS). */
  readonly comparedMetrics?: ReadonlySet<string>;
  readonly declared?: DbbenchChart;
}): ChartDefinition | undefined {
  const { tables, declared } = options;
  const rows = [...options.rows].sort(compareRows);
  const shown =
    declared === undefined
      ? plottedMetric(rows, tables, options.comparedMetrics ?? new Set())
      : declaredPlotted(rows, tables, declared);
  if (shown === undefined) return undefined;
  const intervalOf = (row: ResultRow) => {
    const metric = shown.metric(row);
    return metric === undefined ? undefined : metricInterval(row, metric);
  };
  const succeeded = rows.filter((row) => intervalOf(row) !== undefined);
  const first = succeeded[0];
  if (!first) return undefined;
  const { layout } = tables;
  const placement =
    declared === undefined ? place(rows, layout.varying) : declaredPlacement(layout.varying, declared);
  const seriesAxes = [...placement.series, ...(layout.modeVaries ? ['mode'] : [])];
  const seriesValue = (row: ResultRow): string | number => {
    if (seriesAxes.length === 1 && seriesAxes[0] !== 'mode') return plotted(rows, seriesAxes[0]!, row);
    return seriesAxes.map((axis) => (axis === 'mode' ? row.mode : paramDisplay(row, axis))).join(SEPARATOR);
  };
  // A declared chart against a measured value (the achieved throughput) needs it on every point.
  const xMetric = declared?.xMetric;
  const xValueOf = (row: ResultRow): number | undefined => {
    const metric = xMetric === undefined ? undefined : row.secondary[xMetric];
    return metric === undefined ? undefined : metricInterval(row, metric)?.score;
  };
  if (xMetric !== undefined && succeeded.some((row) => xValueOf(row) === undefined)) return undefined;
  const points = succeeded.map((row): ScorePoint => {
    const interval = intervalOf(row)!;
    const factor = shown.factor;
    const axisX = placement.x === undefined ? row.benchmark : plotted(rows, placement.x, row);
    return {
      ...(xMetric === undefined
        ? { x: axisX }
        : { x: xValueOf(row) as number, order: typeof axisX === 'number' ? axisX : 0 }),
      ...(seriesAxes.length > 0 ? { series: seriesValue(row) } : {}),
      ...(placement.panel === undefined ? {} : { panel: plotted(rows, placement.panel, row) }),
      score: interval.score * factor,
      ...(interval.low === undefined ? {} : { low: interval.low * factor }),
      ...(interval.high === undefined ? {} : { high: interval.high * factor }),
    };
  });
  const dimension = (axis: string): ChartDimension => ({
    title: axis,
    order: axisValues(rows, axis).map((value) => (isNumericAxis(rows, axis) ? Number(value) : value)),
  });
  const series: ChartDimension | undefined =
    seriesAxes.length === 0
      ? undefined
      : {
          title: seriesAxes.join(SEPARATOR),
          order: [...new Set([...rows].filter((row) => row.status === 'ok').map(seriesValue))],
        };
  const direction = shown.higherIsBetter ? 'higher is better' : 'lower is better';
  const fixed = tables.fixedAxes ? `; ${tables.fixedAxes}` : '';
  const how = [
    placement.x === undefined
      ? undefined
      : xMetric === undefined
        ? `x: ${placement.x}`
        : `x: the measured \`${xMetric}\`, each line's points in order of ${placement.x}`,
    series
      ? `one ${placement.x !== undefined && isNumericAxis(rows, placement.x) ? 'line' : 'colour'} per ${series.title}`
      : undefined,
    placement.panel === undefined ? undefined : `one panel per ${placement.panel}`,
  ].filter((part): part is string => part !== undefined);
  const named = shown.name === shown.unit ? `\`${shown.name}\`` : `\`${shown.name}\` in ${shown.unit}`;
  const what = shown.why === undefined ? `Score in ${shown.unit}` : named;
  const cut = {
    'cut at log floor': '; on the log axis a bar that reaches below its lowest line is cut there',
    log: ', on a log axis',
    'cut at zero': ', cut at zero',
  }[intervalEnds(points)];
  const subject =
    shown.why === undefined
      ? `score in ${shown.unit}`
      : shown.name === shown.unit
        ? shown.name
        : `${shown.name} in ${shown.unit}`;
  return {
    name: options.name,
    title: options.title,
    caption: `${what} (${direction}) of every combination that succeeded; bars show the ${CONFIDENCE_TEXT}${cut}${how.length > 0 ? `. ${how.join('; ')}` : ''}.${shown.why === undefined ? '' : ` ${shown.why}`}`,
    spec: scoreChartSpec({
      title: options.title,
      subtitle: `${subject}, ${direction}; bars: ${CONFIDENCE_TEXT}${fixed}`,
      points,
      x:
        placement.x === undefined
          ? { title: '', order: [first.benchmark] }
          : xMetric === undefined
            ? dimension(placement.x)
            : { title: `${xMetric} (measured)`, order: [] },
      connect: placement.x !== undefined && isNumericAxis(rows, placement.x),
      ...(xMetric === undefined ? {} : { quantitativeX: true }),
      yTitle: shown.unit,
      ...(series ? { series } : {}),
      ...(placement.panel === undefined ? {} : { panel: dimension(placement.panel) }),
    }),
  };
}
