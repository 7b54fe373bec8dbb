/**
 * The answers of one engine page as one picture: every speed answer's ratio (candidate over
 * baseline; above 1 the candidate is faster) with its interval, on a log scale around a line at 1×
 * (no difference), one row per question and value — a forest plot, so a reader sees at a glance
 * which answers are decisive and which are noise.
 */
import type { Answer } from '../answers.js';
import type { ChartDefinition } from './score-chart.js';
import type { JsonValue } from './score-chart-spec.js';

const TEXT_LIMIT = 1000;
const COLOR = '#4c78a8';

/** The answers chart of a page, or undefined when no speed answer was answered. */
export function answersChart(options: {
  readonly name: string;
  readonly title: string;
  readonly answers: readonly Answer[];
}): ChartDefinition | undefined {
  const points = options.answers.flatMap((answer) =>
    answer.lines.flatMap((line) =>
      line.speed === undefined
        ? []
        : [
            {
              label: `${answer.suite}: ${answer.question}${line.atLabel === '' ? '' : ` (${line.atLabel})`}`,
              ratio: line.speed.ratio,
              low: line.speed.low,
              high: line.speed.high,
            },
          ],
    ),
  );
  if (points.length === 0) return undefined;
  const order = points.map((point) => point.label);
  const y: JsonValue = { field: 'label', type: 'nominal', title: null, sort: order };
  const x = (field: string): JsonValue => ({
    field,
    type: 'quantitative',
    title: 'candidate speed ÷ baseline speed (log scale)',
    scale: { type: 'log' },
  });
  const spec: JsonValue = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: options.title, subtitle: 'speed ratio of each answer with its interval', anchor: 'start' },
    background: 'white',
    padding: 8,
    config: { axis: { labelLimit: TEXT_LIMIT } },
    width: 320,
    height: { step: 18 },
    layer: [
      {
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
        encoding: { x: x('one') },
      },
      {
        data: { values: points },
        layer: [
          {
            mark: { type: 'errorbar', ticks: { size: 8 }, color: COLOR },
            encoding: { y, x: x('low'), x2: { field: 'high' } },
          },
          {
            mark: { type: 'point', filled: true, size: 40, color: COLOR },
            encoding: {
              y,
              x: x('ratio'),
              tooltip: [
                { field: 'label', title: 'answer' },
                { field: 'ratio', title: 'ratio', format: '.3~r' },
                { field: 'low', title: 'interval low', format: '.3~r' },
                { field: 'high', title: 'interval high', format: '.3~r' },
              ],
            },
          },
        ],
      },
    ],
  };
  return {
    name: options.name,
    title: options.title,
    caption:
      'Each row is one answer above: the candidate speed over the baseline speed (right of the dashed line at 1×: the candidate is faster) with its interval; a bar that crosses the line is no measurable difference.',
    spec,
  };
}
