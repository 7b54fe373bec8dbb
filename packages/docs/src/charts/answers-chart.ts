/**
 * The answers of one engine page as one picture: every speed answer's ratio (candidate over
 * baseline; above 1 the candidate is faster) with its interval, on a log scale around a line at 1×
 * (no difference) inside the ±threshold band of equivalence, one row per question and value, coloured
 * by outcome — a forest plot, so a reader sees at a glance which answers are decided, which are the
 * same, and which the run could not tell.
 */
import { ANSWER_THRESHOLD, equivalenceBand } from '@dbbench/harness/compare';
import { LEVEL_TEXT, type Answer, type LineOutcome } from '../answers.js';
import type { ChartDefinition } from './score-chart.js';
import type { JsonValue } from './score-chart-spec.js';
import { significant } from './significant.js';

const TEXT_LIMIT = 1000;

/** Outcome colours (Tableau 10): decided blue, equivalent green, undetermined grey. */
const OUTCOME_COLORS: Readonly<Record<Exclude<LineOutcome, 'unanswered'>, string>> = {
  decided: '#4c78a8',
  equivalent: '#59a14f',
  undetermined: '#9d9d9d',
};

/**
 * The lines the chart leaves out, on purpose, in a sentence for its caption: those comparing a metric
 * rather than a speed (a ratio of latencies or of memory reads the other way round, so it would
 * mislead beside speeds) and those not answered. Every line is either drawn or counted here.
 */
function leftOutNote(answers: readonly Answer[]): string {
  const metricLines = new Map<string, number>();
  const boundLines = new Map<string, number>();
  let unanswered = 0;
  for (const answer of answers) {
    for (const line of answer.lines) {
      if (line.outcome === 'unanswered') unanswered += 1;
      else if (answer.crossing === true)
        boundLines.set(answer.question, (boundLines.get(answer.question) ?? 0) + 1);
      else if (line.speed === undefined)
        metricLines.set(answer.question, (metricLines.get(answer.question) ?? 0) + 1);
    }
  }
  const parts = [
    ...[...metricLines].map(
      ([question, count]) =>
        `${count} line${count === 1 ? '' : 's'} of "${question}" (a ratio of a metric, not of speeds)`,
    ),
    ...[...boundLines].map(
      ([question, count]) =>
        `${count} line${count === 1 ? '' : 's'} of "${question}" (where a metric first passes a bound, not a ratio)`,
    ),
    ...(unanswered === 0 ? [] : [`${unanswered} line${unanswered === 1 ? '' : 's'} not answered`]),
  ];
  return parts.length === 0
    ? ' Every answer line above is drawn.'
    : ` Not drawn, and given in the text above: ${parts.join('; ')}.`;
}

/** The answers chart of a page, or undefined when no speed answer was answered. */
export function answersChart(options: {
  readonly name: string;
  readonly title: string;
  readonly answers: readonly Answer[];
}): ChartDefinition | undefined {
  const points = options.answers.flatMap((answer) =>
    answer.lines.flatMap((line) =>
      line.speed === undefined || line.outcome === 'unanswered'
        ? []
        : [
            {
              label: `${answer.suite}: ${answer.question}${line.atLabel === '' ? '' : ` (${line.atLabel})`}`,
              outcome: line.outcome,
              ratio: significant(line.speed.ratio),
              low: significant(line.speed.low),
              high: significant(line.speed.high),
            },
          ],
    ),
  );
  if (points.length === 0) return undefined;
  const leftOut = leftOutNote(options.answers);
  const order = points.map((point) => point.label);
  const y: JsonValue = { field: 'label', type: 'nominal', title: null, sort: order };
  const x = (field: string): JsonValue => ({
    field,
    type: 'quantitative',
    title: 'candidate speed ÷ baseline speed (log scale)',
    scale: { type: 'log' },
  });
  const color: JsonValue = {
    field: 'outcome',
    type: 'nominal',
    title: 'outcome',
    scale: { domain: Object.keys(OUTCOME_COLORS), range: Object.values(OUTCOME_COLORS) },
  };
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
        data: {
          values: [
            { bandLow: significant(equivalenceBand()[0]), bandHigh: significant(equivalenceBand()[1]) },
          ],
        },
        mark: { type: 'rect', color: '#59a14f', opacity: 0.12 },
        encoding: { x: x('bandLow'), x2: { field: 'bandHigh' } },
      },
      {
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
        encoding: { x: x('one') },
      },
      {
        data: { values: points },
        layer: [
          {
            mark: { type: 'errorbar', ticks: { size: 8 } },
            encoding: { y, x: x('low'), x2: { field: 'high' }, color },
          },
          {
            mark: { type: 'point', filled: true, size: 40 },
            encoding: {
              y,
              x: x('ratio'),
              color,
              tooltip: [
                { field: 'label', title: 'answer' },
                { field: 'outcome', title: 'outcome' },
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
    caption: `Each row is one speed answer above: the candidate speed over the baseline speed (right of the dashed line at 1×: the candidate is faster) with its ${LEVEL_TEXT} interval (the level of each look the run takes). The shaded band is ±${Math.round(ANSWER_THRESHOLD * 100)}% (0.91–1.1×): a bar wholly outside it is decided (blue), wholly inside it equivalent (green), across its edge undetermined (grey).${leftOut}`,
    spec,
  };
}
