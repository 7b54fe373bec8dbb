/**
 * A Vega-Lite line chart spec with inline data: the one shape every dbbench chart uses (x = an
 * axis, y = a measured value, one line per series, optionally faceted into columns).
 */

/** One data point; numbers stay numbers so ordinal axes sort numerically. */
export type ChartDatum = Readonly<Record<string, string | number>>;

/** A field of the data and its title on the chart. */
export interface ChartField {
  readonly field: string;
  readonly title: string;
}

/** What {@link lineChartSpec} draws. */
export interface LineChartInput {
  readonly title: string;
  readonly data: readonly ChartDatum[];
  readonly x: ChartField;
  /** Explicit order of x values (e.g. percentiles), else sorted. */
  readonly xOrder?: readonly (string | number)[];
  readonly y: ChartField;
  readonly color: ChartField;
  readonly strokeDash?: ChartField;
  readonly column?: ChartField;
}

/** A JSON value (the spec is written as `.vl.json`). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * Picks the y scale: log when all values are positive and span at least a decade; symlog when
 * they span a decade but include zero (a zero on a log axis silently collapses the chart);
 * linear otherwise.
 */
export function chooseScale(values: readonly number[]): 'log' | 'symlog' | 'linear' {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return 'linear';
  const spansDecade = Math.max(...positive) / Math.min(...positive) >= 10;
  if (!spansDecade) return 'linear';
  return positive.length === values.length ? 'log' : 'symlog';
}

/** Builds the Vega-Lite spec (white background, fixed size, data inline). */
export function lineChartSpec(input: LineChartInput): JsonValue {
  const yValues = input.data
    .map((datum) => datum[input.y.field])
    .filter((v): v is number => typeof v === 'number');
  const scale = chooseScale(yValues);
  const encoding: Record<string, JsonValue> = {
    x: {
      field: input.x.field,
      type: 'ordinal',
      title: input.x.title,
      ...(input.xOrder ? { sort: [...input.xOrder] } : {}),
      axis: { labelAngle: 0 },
    },
    y: {
      field: input.y.field,
      type: 'quantitative',
      title: input.y.title,
      scale: scale === 'linear' ? { type: 'linear', zero: true } : { type: scale },
    },
    color: { field: input.color.field, type: 'ordinal', title: input.color.title },
    tooltip: [
      ...[input.column, input.x, input.color, input.strokeDash]
        .filter((field): field is ChartField => field !== undefined)
        .map((field) => ({ field: field.field, title: field.title })),
      { field: input.y.field, title: input.y.title, format: ',.3~s' },
    ],
  };
  if (input.strokeDash) {
    encoding['strokeDash'] = {
      field: input.strokeDash.field,
      type: 'nominal',
      title: input.strokeDash.title,
    };
  }
  const layer: Record<string, JsonValue> = {
    width: 220,
    height: 180,
    mark: { type: 'line', point: true },
    encoding,
  };
  const base: Record<string, JsonValue> = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: input.title,
    background: 'white',
    padding: 8,
    data: { values: input.data.map((datum) => ({ ...datum })) },
  };
  if (!input.column) return { ...base, ...layer };
  return {
    ...base,
    facet: { column: { field: input.column.field, type: 'ordinal', title: input.column.title } },
    spec: layer,
  };
}
