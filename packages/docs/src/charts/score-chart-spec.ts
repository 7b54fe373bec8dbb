import { significant } from './significant.js';

/**
 * The Vega-Lite spec of a score chart: the score of every combination (points, joined by a line
 * when the x axis is a number), an error bar of its confidence interval on every point, one
 * colour per series, one panel per value of a panel axis. Data is inline; sizes are fixed, so the
 * SVG is the same on every machine.
 */

/** A JSON value (the spec is written as `.vl.json`). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** One plotted result. `low`/`high` are absent when the error is unknown (one iteration). */
export interface ScorePoint {
  readonly x: string | number;
  /** With a quantitative x: the point's place along its line (the ordering axis's value). */
  readonly order?: number;
  readonly series?: string | number;
  readonly panel?: string | number;
  readonly score: number;
  readonly low?: number;
  readonly high?: number;
}

/** A dimension of the chart: its title and the order of its values. */
export interface ChartDimension {
  readonly title: string;
  readonly order: readonly (string | number)[];
}

/** What {@link scoreChartSpec} draws. */
export interface ScoreChartInput {
  readonly title: string;
  readonly subtitle: string;
  readonly points: readonly ScorePoint[];
  readonly x: ChartDimension;
  /** Draw a line through the points (x is a number) or points only (x is a category). */
  readonly connect: boolean;
  /**
   * x is a measured value (e.g. requests/s), not an axis's steps: a quantitative axis, log when it
   * spans a decade, the line joining points in their `order`.
   */
  readonly quantitativeX?: boolean;
  readonly yTitle: string;
  readonly series?: ChartDimension;
  readonly panel?: ChartDimension;
}

// Labels and legend titles are the only key to what is drawn: never cut them short (vega's
// defaults cut at 160-180 px).
const TEXT_LIMIT = 1000;
// Categories without an order need hues that differ, not shades of one.
const CATEGORICAL_SCHEME = 'tableau10';
// Ordered numbers keep an ordered palette whose steps differ in hue as well as lightness; its pale
// yellow end is cut off because it is hard to see on white.
const SEQUENTIAL_SCHEME: JsonValue = { name: 'viridis', extent: [0, 0.8] };
const SINGLE_COLOR = '#4c78a8';

/** The y scale of a chart: linear from zero, or log with the floor its bars are cut at. */
export type ChartScale = { readonly type: 'linear' } | { readonly type: 'log'; readonly floor: number };

/**
 * Picks the y scale: log when the scores span at least a decade, linear from zero otherwise — never
 * symlog, which drew scores of 11 to 23,700 on an axis labelled 0 / 200,000 / 600,000. A log axis has
 * no zero, so it starts at a power of ten at or below the smallest score (one more decade for
 * interval ends just below it); a lower end under that floor (an interval of noisy forks reaching
 * zero) is cut there and marked.
 */
export function chooseScale(scores: readonly number[], lows: readonly number[] = []): ChartScale {
  const positive = scores.filter((value) => value > 0);
  // A score of zero has no place on a log axis (it would collapse the chart).
  if (positive.length === 0 || positive.length < scores.length) return { type: 'linear' };
  const smallest = Math.min(...positive);
  if (Math.max(...positive) / smallest < 10) return { type: 'linear' };
  const near = lows.filter((value) => value > 0 && value >= smallest / 10);
  return { type: 'log', floor: 10 ** Math.floor(Math.log10(Math.min(smallest, ...near))) };
}

function colorEncoding(series: ChartDimension | undefined): Record<string, JsonValue> {
  if (!series) return {};
  const numeric = series.order.every((value) => typeof value === 'number');
  return {
    color: {
      field: 'series',
      type: numeric ? 'ordinal' : 'nominal',
      title: series.title,
      sort: [...series.order],
      scale: { scheme: numeric ? SEQUENTIAL_SCHEME : CATEGORICAL_SCHEME },
    },
  };
}

/** A point as the spec holds it: four significant digits, a lower end under a log floor cut there. */
function specPoint(point: ScorePoint, scale: ChartScale): Record<string, JsonValue> {
  const cut = scale.type === 'log' && point.low !== undefined && point.low < scale.floor;
  return {
    x: typeof point.x === 'number' ? significant(point.x) : point.x,
    ...(point.order === undefined ? {} : { order: point.order }),
    ...(point.series === undefined ? {} : { series: point.series }),
    ...(point.panel === undefined ? {} : { panel: point.panel }),
    score: significant(point.score),
    ...(point.low === undefined
      ? {}
      : { low: cut && scale.type === 'log' ? scale.floor : significant(point.low) }),
    ...(point.high === undefined ? {} : { high: significant(point.high) }),
    ...(cut ? { lowCut: true } : {}),
  };
}

/** The scale of a chart of these points. */
function scaleOf(points: readonly ScorePoint[]): ChartScale {
  return chooseScale(
    points.map((point) => point.score),
    points.flatMap((point) => (point.low === undefined ? [] : [point.low])),
  );
}

/**
 * How a chart of these points ends its intervals, for the caption: a linear axis starts at zero and
 * cuts a lower end there; a log axis has no zero and cuts a lower end below its floor, if any is.
 */
export function intervalEnds(points: readonly ScorePoint[]): 'cut at zero' | 'log' | 'cut at log floor' {
  const scale = scaleOf(points);
  if (scale.type === 'linear') return 'cut at zero';
  return points.some((point) => point.low !== undefined && point.low < scale.floor)
    ? 'cut at log floor'
    : 'log';
}

/** Builds the spec (white background, fixed size, data inline). */
export function scoreChartSpec(input: ScoreChartInput): JsonValue {
  const scale = scaleOf(input.points);
  const yScale: JsonValue =
    scale.type === 'linear' ? { type: 'linear', zero: true } : { type: 'log', domainMin: scale.floor };
  const xScale = chooseScale(input.points.map((point) => (typeof point.x === 'number' ? point.x : 0)));
  const x: JsonValue =
    input.quantitativeX === true
      ? {
          field: 'x',
          type: 'quantitative',
          title: input.x.title,
          scale:
            xScale.type === 'linear'
              ? { type: 'linear', zero: true }
              : { type: 'log', domainMin: xScale.floor },
        }
      : {
          field: 'x',
          type: 'ordinal',
          title: input.x.title,
          sort: [...input.x.order],
          // Numbers fit side by side; names (queries, strategies) would overlap, so they are slanted.
          axis: { labelAngle: input.connect ? 0 : -30 },
        };
  const order: Record<string, JsonValue> = input.quantitativeX === true ? { order: { field: 'order' } } : {};
  const color = colorEncoding(input.series);
  const tooltip: JsonValue = [
    ...(input.panel ? [{ field: 'panel', title: input.panel.title }] : []),
    { field: 'x', title: input.x.title },
    ...(input.series ? [{ field: 'series', title: input.series.title }] : []),
    { field: 'score', title: input.yTitle, format: ',.3~s' },
    { field: 'low', title: 'interval low', format: ',.3~s' },
    { field: 'high', title: 'interval high', format: ',.3~s' },
  ];
  const markColor: Record<string, JsonValue> = input.series ? {} : { color: SINGLE_COLOR };
  const layer: JsonValue = [
    {
      mark: input.connect
        ? { type: 'line', point: { filled: true, size: 40 }, ...markColor }
        : { type: 'point', filled: true, size: 50, ...markColor },
      encoding: {
        x,
        y: { field: 'score', type: 'quantitative', title: input.yTitle, scale: yScale },
        ...color,
        ...order,
        tooltip,
      },
    },
    {
      // Results measured in one iteration have no interval: no bar rather than a bar of nothing.
      transform: [{ filter: 'isValid(datum.low) && isValid(datum.high)' }],
      mark: { type: 'errorbar', ticks: { size: 10 }, thickness: 1.5, ...markColor },
      encoding: {
        x,
        y: { field: 'low', type: 'quantitative', title: input.yTitle, scale: yScale },
        y2: { field: 'high' },
        ...color,
      },
    },
  ];
  const base: Record<string, JsonValue> = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: input.title, subtitle: input.subtitle, anchor: 'start' },
    background: 'white',
    padding: 8,
    config: { legend: { labelLimit: TEXT_LIMIT, titleLimit: TEXT_LIMIT }, axis: { labelLimit: TEXT_LIMIT } },
    data: { values: input.points.map((point) => specPoint(point, scale)) },
  };
  const view = { width: 220, height: 180, layer };
  if (!input.panel) return { ...base, ...view };
  return {
    ...base,
    facet: {
      column: { field: 'panel', type: 'ordinal', title: input.panel.title, sort: [...input.panel.order] },
    },
    spec: view,
  };
}
