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
  /** A line under the title with what holds for the whole chart (suite, fixed settings). */
  readonly subtitle?: string | undefined;
  readonly data: readonly ChartDatum[];
  readonly x: ChartField;
  /** Explicit order of x values (e.g. percentiles), else sorted. */
  readonly xOrder?: readonly (string | number)[];
  readonly y: ChartField;
  /** Numeric values get an ordered (sequential) palette, anything else a categorical one. */
  readonly color: ChartField;
  /** Left out of the chart when every datum has the same value: one dash pattern tells nothing. */
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

// Legend labels are the only key to a line: never cut them short (vega's default is 160 px).
const LEGEND_LABEL_LIMIT = 1000;

// Categories without an order (strategy, query, metric) need hues that differ, not shades of one.
const CATEGORICAL_SCHEME: JsonValue = 'tableau10';
// Ordered numbers (pool sizes) keep an ordered palette, but one whose steps differ in hue as well
// as lightness (shades of one blue are hard to tell apart); its pale yellow end is cut off because
// it is hard to see on white.
const SEQUENTIAL_SCHEME: JsonValue = { name: 'viridis', extent: [0, 0.8] };
// The dash legend shows pattern, not colour: a neutral grey line.
const DASH_LEGEND_COLOR = '#4c4c4c';

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

function distinctValues(data: readonly ChartDatum[], field: string): Set<string | number | undefined> {
  return new Set(data.map((datum) => datum[field]));
}

function colorEncoding(input: LineChartInput): JsonValue {
  const numeric = input.data.every((datum) => typeof datum[input.color.field] === 'number');
  return {
    field: input.color.field,
    type: numeric ? 'ordinal' : 'nominal',
    title: input.color.title,
    scale: { scheme: numeric ? SEQUENTIAL_SCHEME : CATEGORICAL_SCHEME },
  };
}

function strokeDashEncoding(field: ChartField): JsonValue {
  return {
    field: field.field,
    type: 'nominal',
    title: field.title,
    // A dash legend of dots hides which dash is which: draw each entry as a short dashed line.
    // Vega-Lite makes legend strokes transparent when the line has points: set the stroke itself.
    legend: {
      symbolType: 'stroke',
      symbolSize: 500,
      symbolStrokeWidth: 2,
      encode: { symbols: { update: { stroke: { value: DASH_LEGEND_COLOR } } } },
    },
  };
}

/** Builds the Vega-Lite spec (white background, fixed size, data inline). */
export function lineChartSpec(input: LineChartInput): JsonValue {
  const yValues = input.data
    .map((datum) => datum[input.y.field])
    .filter((v): v is number => typeof v === 'number');
  const scale = chooseScale(yValues);
  const strokeDash =
    input.strokeDash && distinctValues(input.data, input.strokeDash.field).size > 1
      ? input.strokeDash
      : undefined;
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
    color: colorEncoding(input),
    tooltip: [
      ...[input.column, input.x, input.color, strokeDash]
        .filter((field): field is ChartField => field !== undefined)
        .map((field) => ({ field: field.field, title: field.title })),
      { field: input.y.field, title: input.y.title, format: ',.3~s' },
    ],
  };
  if (strokeDash) encoding['strokeDash'] = strokeDashEncoding(strokeDash);
  const layer: Record<string, JsonValue> = {
    width: 220,
    height: 180,
    mark: { type: 'line', point: true },
    encoding,
  };
  const base: Record<string, JsonValue> = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: input.subtitle
      ? { text: input.title, subtitle: input.subtitle, anchor: 'start' }
      : { text: input.title, anchor: 'start' },
    background: 'white',
    padding: 8,
    config: { legend: { labelLimit: LEGEND_LABEL_LIMIT } },
    data: { values: input.data.map((datum) => ({ ...datum })) },
  };
  if (!input.column) return { ...base, ...layer };
  return {
    ...base,
    facet: { column: { field: input.column.field, type: 'ordinal', title: input.column.title } },
    spec: layer,
  };
}
