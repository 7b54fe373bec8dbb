import { axisValues, isNumericAxis } from '../axis-layout.js';
import type { BenchmarkTables } from '../results-table.js';
import { compareRows, paramDisplay, scoreInterval, type ResultRow } from '../result-row.js';
import { scoreChartSpec, type ChartDimension, type JsonValue, type ScorePoint } from './score-chart-spec.js';

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

/**
 * The score chart of one benchmark: every successful combination's score with an error bar of
 * its interval, in the unit of the benchmark's table, with no panel or series for an axis that
 * does not vary. Undefined when no combination succeeded.
 */
export function scoreChart(options: {
  readonly name: string;
  readonly title: string;
  readonly rows: readonly ResultRow[];
  readonly tables: BenchmarkTables;
}): ChartDefinition | undefined {
  const { tables } = options;
  const rows = [...options.rows].sort(compareRows);
  const succeeded = rows.filter((row) => scoreInterval(row) !== undefined);
  const first = succeeded[0];
  if (!first) return undefined;
  const { layout, display } = tables;
  const placement = place(rows, layout.varying);
  const seriesAxes = [...placement.series, ...(layout.modeVaries ? ['mode'] : [])];
  const seriesValue = (row: ResultRow): string | number => {
    if (seriesAxes.length === 1 && seriesAxes[0] !== 'mode') return plotted(rows, seriesAxes[0]!, row);
    return seriesAxes.map((axis) => (axis === 'mode' ? row.mode : paramDisplay(row, axis))).join(SEPARATOR);
  };
  const points = succeeded.map((row): ScorePoint => {
    const interval = scoreInterval(row)!;
    return {
      x: placement.x === undefined ? row.benchmark : plotted(rows, placement.x, row),
      ...(seriesAxes.length > 0 ? { series: seriesValue(row) } : {}),
      ...(placement.panel === undefined ? {} : { panel: plotted(rows, placement.panel, row) }),
      score: interval.score * display.factor,
      ...(interval.low === undefined ? {} : { low: interval.low * display.factor }),
      ...(interval.high === undefined ? {} : { high: interval.high * display.factor }),
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
  const direction = first.higherIsBetter ? 'higher is better' : 'lower is better';
  const fixed = tables.fixedAxes ? `; ${tables.fixedAxes}` : '';
  const how = [
    placement.x === undefined ? undefined : `x: ${placement.x}`,
    series
      ? `one ${placement.x !== undefined && isNumericAxis(rows, placement.x) ? 'line' : 'colour'} per ${series.title}`
      : undefined,
    placement.panel === undefined ? undefined : `one panel per ${placement.panel}`,
  ].filter((part): part is string => part !== undefined);
  return {
    name: options.name,
    title: options.title,
    caption: `Score in ${display.unit} (${direction}) of every combination that succeeded; bars show the ${CONFIDENCE_TEXT}, cut at zero${how.length > 0 ? `. ${how.join('; ')}` : ''}.`,
    spec: scoreChartSpec({
      title: options.title,
      subtitle: `score in ${display.unit}, ${direction}; bars: ${CONFIDENCE_TEXT}${fixed}`,
      points,
      x: placement.x === undefined ? { title: '', order: [first.benchmark] } : dimension(placement.x),
      connect: placement.x !== undefined && isNumericAxis(rows, placement.x),
      yTitle: display.unit,
      ...(series ? { series } : {}),
      ...(placement.panel === undefined ? {} : { panel: dimension(placement.panel) }),
    }),
  };
}
