import { engineTitle } from '../environment.js';
import type { DbbenchReportFile } from '../report-file.js';
import { lineChartSpec, type ChartDatum, type ChartField, type JsonValue } from './line-chart-spec.js';
import { nameSeries, successfulRows, type SeriesNaming, type SuiteRow } from './series-naming.js';

/** A chart of one engine's page: written as `charts/<name>.vl.json` and `charts/<name>.svg`. */
export interface ChartDefinition {
  readonly name: string;
  readonly title: string;
  /** One sentence under the chart: what to look for. */
  readonly caption: string;
  readonly spec: JsonValue;
}

/**
 * A field of a chart descriptor. One without a title holds the series labels: its title is the
 * naming's legend title ("suite · strategy"), known only once the reports are read.
 */
export interface DescribedField {
  readonly field: string;
  readonly title?: string;
}

/**
 * What one kind of chart states about itself; {@link buildChart} does the rest (reading the rows,
 * naming the series, titles, caption context, the spec), the same way for every chart.
 */
export interface ChartDescriptor {
  /** The file name after `<database>-` ("job-throughput"). */
  readonly slug: string;
  /** The title after `<Engine>: `. */
  readonly heading: string;
  /** The benchmark whose successful results are drawn. */
  readonly benchmark: string;
  /** Axes the chart draws itself (x, colour, columns), so they never go in a series label. */
  readonly placed: readonly string[];
  /** Axes named in every series label, before the ones that merely vary. */
  readonly named?: readonly string[];
  /** The chart's own sentence of the caption; the series context is appended. */
  readonly caption: string;
  /** The data points of one result (none when it lacks the measure); `series` is its line's label. */
  points(entry: SuiteRow, series: string): ChartDatum[];
  readonly x: DescribedField;
  /** Explicit order of x values (e.g. percentiles), else sorted. */
  readonly xOrder?: readonly (string | number)[];
  /** The y field, or how to title it from the rows (when the unit comes from the reports). */
  readonly y: ChartField | ((entries: readonly SuiteRow[]) => ChartField);
  readonly color: DescribedField;
  /** When set, the caption explains the dash pattern (if the lines differ at all). */
  readonly strokeDash?: DescribedField;
  readonly column?: DescribedField;
}

/** A caption: the chart's own sentence, what the dashes mean when there are any, and the context. */
function captionOf(text: string, naming: SeriesNaming, dashed: boolean): string {
  return [
    text,
    ...(dashed && naming.several ? [`The dash pattern shows the ${naming.title}.`] : []),
    ...(naming.sentence ? [naming.sentence] : []),
  ].join(' ');
}

/**
 * Builds one engine's chart from a descriptor, or `undefined` when no report has a data point for
 * it (the page then lists only the charts that exist).
 */
export function buildChart(
  descriptor: ChartDescriptor,
  database: string,
  reports: readonly DbbenchReportFile[],
): ChartDefinition | undefined {
  const entries = successfulRows(reports, descriptor.benchmark);
  const naming = nameSeries(entries, descriptor.placed, descriptor.named);
  const data = entries.flatMap((entry) => descriptor.points(entry, naming.labelOf(entry)));
  if (data.length === 0) return undefined;
  const titled = (described: DescribedField): ChartField => ({
    field: described.field,
    title: described.title ?? naming.title,
  });
  const { x, xOrder, y, color, strokeDash, column } = descriptor;
  const title = `${engineTitle(database)}: ${descriptor.heading}`;
  return {
    name: `${database}-${descriptor.slug}`,
    title,
    caption: captionOf(descriptor.caption, naming, strokeDash !== undefined),
    spec: lineChartSpec({
      title,
      subtitle: naming.subtitle,
      data,
      x: titled(x),
      ...(xOrder ? { xOrder } : {}),
      y: typeof y === 'function' ? y(entries) : y,
      color: titled(color),
      ...(strokeDash ? { strokeDash: titled(strokeDash) } : {}),
      ...(column ? { column: titled(column) } : {}),
    }),
  };
}
