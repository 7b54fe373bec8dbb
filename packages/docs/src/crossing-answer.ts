/**
 * A bound question's line ("at what request rate does the p99 pass 10 ms?"): not a ratio of two
 * sides but the step along a numeric axis where a metric first passes a bound. Each step's value is
 * read with the pages' one interval method (the mean of the fork means, a 95% t over them from 3
 * forks, the forks' range with 2) and is below the bound only when its whole interval is, above it
 * only when its whole interval is; a step whose interval holds the bound, or that rests on one fork
 * (no spread at all), leaves the line undetermined, so the answer never rests on one noisy fork. (A
 * tail percentile moves most between forks: two back-to-back PostgreSQL runs of one commit read the
 * p99 at 500 requests a second on a pool of 10 from one fork each, 6.01 ms and 19 ms, and gave the
 * line two different answers.) A percentile of a distribution the
 * result keeps as HDR histograms (`latency.p99` of `dbbench.histograms.latency`) is read per fork
 * from that fork's histograms combined — the p99 of all its requests, not the mean of its
 * iterations' p99s, which a few hundred requests an iteration make jumpy.
 */
import { histogramPercentileForks } from '@dbbench/harness';
import { forkInterval, sideMatches } from '@dbbench/harness/compare';
import type { DbbenchAnswer as AnswerDeclaration } from '@dbbench/harness/report';
import type { AnswerLine } from './answers.js';
import { compareParamValues, formatNumber } from './format.js';
import { metricInterval, shownInterval, type MetricInterval, type ResultRow } from './result-row.js';

/** One step along the axis: its value and the metric's interval there. */
interface Step {
  readonly value: string;
  readonly interval: MetricInterval;
  readonly forks: number;
}

/** Where a step stands against the bound; `unknown` when one fork is all it has. */
type Side = 'below' | 'above' | 'near' | 'unknown';

function sideOf(step: Step, bound: number): Side {
  const { low, high } = step.interval;
  if (step.forks < 2 || low === undefined || high === undefined) return 'unknown';
  if (high < bound) return 'below';
  if (low > bound) return 'above';
  return 'near';
}

/**
 * A percentile metric's fork-level interval from the row's HDR histograms (each fork's percentile of
 * all its requests), or undefined when the row keeps no histogram of that name.
 */
function histogramInterval(row: ResultRow, metric: string): MetricInterval | undefined {
  if (row.status !== 'ok') return undefined;
  const forks = histogramPercentileForks(row.dbbench?.histograms, metric);
  const interval = forks === undefined ? undefined : forkInterval(forks);
  return interval === undefined ? undefined : shownInterval(interval);
}

/** "2,000" for an axis value that is an integer, the value as written otherwise. */
function stepName(value: string): string {
  return /^\d+$/.test(value) ? formatNumber(Number(value), 21) : value;
}

/** "1.9 ms (1.7–2.1)", or "(1.7–2.1, 2 forks)" for a range. */
function valueText(step: Step, unit: string): string {
  const { score, low, high, interval } = step.interval;
  const number = (value: number): string => formatNumber(value);
  if (low === undefined || high === undefined) return `${number(score)} ${unit}`;
  const note = interval?.method === 'range' ? `, range of ${step.forks} forks` : '';
  return `${number(score)} ${unit} (${number(low)}–${number(high)}${note})`;
}

/**
 * The one line of a `crossing` declaration over `rows` (one engine's results), from the baseline
 * side's results at every value of `crossing.along`.
 */
export function crossingLine(
  declaration: AnswerDeclaration,
  rows: readonly ResultRow[],
  suite: string,
): AnswerLine {
  const crossing = declaration.crossing;
  const metric = declaration.metric;
  if (crossing === undefined || metric === undefined) {
    throw new TypeError(`"${declaration.question}": a crossing needs a metric and a bound`);
  }
  const { along, bound } = crossing;
  const matching = rows.filter((row) =>
    sideMatches(
      { suite: row.dbbench?.suite ?? '', benchmark: row.benchmark, params: row.params },
      declaration.baseline,
      {},
      suite,
    ),
  );
  const unanswered = (problem: string): AnswerLine => ({
    at: {},
    atLabel: '',
    sentence: `not answered: ${problem}`,
    verdict: `not answered: ${problem}`,
    outcome: 'unanswered',
  });
  if (matching.length === 0) return unanswered('not measured in this report');
  const failed = matching.filter((row) => row.status !== 'ok');
  if (failed.length > 0) {
    const names = failed.map((row) => `${along} ${stepName(row.params[along] ?? '?')}`);
    return unanswered(`${names.join(', ')} failed`);
  }
  const values = matching.map((row) => row.params[along] ?? '');
  if (new Set(values).size !== values.length) {
    return unanswered(`${matching.length} results match; the declaration must fix one per ${along}`);
  }
  const steps: Step[] = [];
  let unit = '';
  let fromHistograms = false;
  for (const row of [...matching].sort((a, b) =>
    compareParamValues(a.params[along] ?? '', b.params[along] ?? ''),
  )) {
    const value = row.secondary[metric];
    const fromHistogram = histogramInterval(row, metric);
    if (fromHistogram !== undefined) fromHistograms = true;
    const interval = fromHistogram ?? (value === undefined ? undefined : metricInterval(row, value));
    if (value === undefined || interval === undefined) {
      return unanswered(`${along} ${stepName(row.params[along] ?? '')} has no ${metric}`);
    }
    unit = value.scoreUnit;
    steps.push({ value: row.params[along] ?? '', interval, forks: interval.interval?.forks ?? 1 });
  }
  const boundText = `${formatNumber(bound)} ${unit}`;
  const source = fromHistograms ? ' (each fork’s value from its requests’ HDR histograms)' : '';
  const name = `**${metric}**`;
  const first = steps.findIndex((step) => sideOf(step, bound) !== 'below');
  const last = steps[steps.length - 1] as Step;
  const at = (step: Step): string => `${valueText(step, unit)} at ${along} ${stepName(step.value)}`;
  if (first === -1) {
    const verdict = `${name} stays under ${boundText} up to ${along} ${stepName(last.value)}`;
    return {
      at: {},
      atLabel: '',
      sentence: `${verdict}, the highest measured: ${at(last)}${source}`,
      verdict,
      outcome: 'decided',
      winner: `under ${boundText} up to ${stepName(last.value)}`,
    };
  }
  const step = steps[first] as Step;
  const side = sideOf(step, bound);
  if (side === 'unknown') {
    const verdict = `undetermined: ${name} at ${along} ${stepName(step.value)} rests on 1 fork`;
    return {
      at: {},
      atLabel: '',
      sentence: `${verdict} (${valueText(step, unit)}), no spread to read it against ${boundText} by; more forks would tell${source}`,
      verdict,
      outcome: 'undetermined',
    };
  }
  if (side === 'near') {
    const verdict = `undetermined: ${name} is near ${boundText} at ${along} ${stepName(step.value)}`;
    return {
      at: {},
      atLabel: '',
      sentence: `${verdict} (${valueText(step, unit)}): its interval holds the bound; more forks would tell${source}`,
      verdict,
      outcome: 'undetermined',
    };
  }
  if (first === 0) {
    const verdict = `${name} is above ${boundText} already at ${along} ${stepName(step.value)}, the lowest measured`;
    return {
      at: {},
      atLabel: '',
      sentence: `${verdict}: ${at(step)}${source}`,
      verdict,
      outcome: 'decided',
      winner: `above ${boundText} from ${stepName(step.value)}`,
    };
  }
  const before = steps[first - 1] as Step;
  const verdict = `${name} passes ${boundText} between ${along} ${stepName(before.value)} and ${stepName(step.value)}`;
  return {
    at: {},
    atLabel: '',
    sentence: `${verdict}: ${at(before)}, ${at(step)}${source}`,
    verdict,
    outcome: 'decided',
    winner: `passes ${boundText} between ${stepName(before.value)} and ${stepName(step.value)}`,
  };
}
