import type { DbbenchResult, JmhMetric, JmhResult } from '@dbbench/harness/report';
import { forkInterval, isNoisyForks, type ForkInterval } from '@dbbench/harness/compare';
import { compareParamValues, compareStrings } from './format.js';

/**
 * One result as the pages see it, whether it came from a dbbench report or plain JMH JSON.
 * Plain JMH results get their direction from the mode and their axes from their params.
 */
export interface ResultRow {
  /** Short benchmark name (dbbench's `benchmarkName`, or `Class.method` of a JMH benchmark). */
  readonly benchmark: string;
  /** Fully qualified name as JMH writes it. */
  readonly qualifiedName: string;
  readonly description: string;
  readonly mode: string;
  /** Axis names in declared order. */
  readonly axes: readonly string[];
  readonly params: Readonly<Record<string, string>>;
  readonly status: 'ok' | 'failed';
  /** "phase: message" for each failed fork; empty when ok. */
  readonly failureReasons: readonly string[];
  readonly higherIsBetter: boolean;
  readonly secondaryHigherIsBetter: Readonly<Record<string, boolean>>;
  readonly primary: JmhMetric;
  readonly secondary: Readonly<Record<string, JmhMetric>>;
  /** The JMH result it came from (run settings for the profiles table). */
  readonly source: JmhResult;
  /** The dbbench extension, when there is one. */
  readonly dbbench: DbbenchResult['dbbench'] | undefined;
}

/** Builds the row of a dbbench result. */
export function rowFromDbbench(result: DbbenchResult): ResultRow {
  const extension = result.dbbench;
  return {
    benchmark: extension.benchmarkName,
    qualifiedName: result.benchmark,
    description: extension.description,
    mode: result.mode,
    axes: extension.axes,
    params: result.params ?? {},
    status: extension.status,
    failureReasons: extension.failures.map((failure) => `${failure.phase}: ${failure.message}`),
    higherIsBetter: extension.higherIsBetter,
    secondaryHigherIsBetter: extension.secondaryHigherIsBetter,
    primary: result.primaryMetric,
    secondary: result.secondaryMetrics,
    source: result,
    dbbench: extension,
  };
}

/** Builds the row of a plain JMH result: throughput is higher-is-better, every time mode lower. */
export function rowFromJmh(result: JmhResult): ResultRow {
  const params = result.params ?? {};
  return {
    benchmark: result.benchmark.split('.').slice(-2).join('.'),
    qualifiedName: result.benchmark,
    description: '',
    mode: result.mode,
    axes: Object.keys(params),
    params,
    status: 'ok',
    failureReasons: [],
    higherIsBetter: result.mode === 'thrpt',
    secondaryHigherIsBetter: {},
    primary: result.primaryMetric,
    secondary: result.secondaryMetrics,
    source: result,
    dbbench: undefined,
  };
}

/**
 * An axis value as the pages show it: the display name the suite declared (`COPY` for `bulk`), else
 * the value itself; `fallback` when the result has no such axis.
 */
export function paramDisplay(row: ResultRow, axis: string, fallback = ''): string {
  const value = row.params[axis];
  if (value === undefined) return fallback;
  return row.dbbench?.valueLabels?.[axis] ?? value;
}

/** Identifies a result across runs: benchmark (qualified), mode and parameters. */
export function resultKey(row: ResultRow): string {
  const params = Object.keys(row.params)
    .sort(compareStrings)
    .map((axis) => `${axis}=${row.params[axis] ?? ''}`);
  return `${row.qualifiedName}|${row.mode}|${params.join(',')}`;
}

/** Orders rows by their axes in declared order (numbers numerically), then by mode. */
export function compareRows(a: ResultRow, b: ResultRow): number {
  for (const axis of a.axes) {
    const order = compareParamValues(a.params[axis] ?? '', b.params[axis] ?? '');
    if (order !== 0) return order;
  }
  return compareStrings(a.mode, b.mode) || compareStrings(resultKey(a), resultKey(b));
}

/** All iteration scores of a metric, across forks. */
export function iterationScores(metric: JmhMetric): number[] {
  return metric.rawData.flat().filter((value) => Number.isFinite(value));
}

/** A metric's score as a finite number, or undefined (JMH writes "NaN" where it has none). */
export function finiteScore(metric: JmhMetric | undefined): number | undefined {
  if (!metric || metric.score === 'NaN' || !Number.isFinite(metric.score)) return undefined;
  return metric.score;
}

/** A value with its fork-level interval, as the tables and charts show it. */
export interface MetricInterval {
  readonly score: number;
  readonly low?: number;
  readonly high?: number;
  readonly interval?: ForkInterval;
}

/**
 * A score with its fork-level interval (the pages' one method: the mean of the fork means, a 95%
 * Student t over them from 3 forks, the range of the forks with 2, none with 1), the lower end cut
 * at zero since no time or throughput is negative. A plain JMH report without raw data keeps its own
 * error.
 */
export function scoreInterval(row: ResultRow): MetricInterval | undefined {
  return metricInterval(row, row.primary);
}

/** {@link scoreInterval} of any metric of the row (a secondary metric a chart plots). */
export function metricInterval(row: ResultRow, metric: JmhMetric): MetricInterval | undefined {
  if (row.status !== 'ok') return undefined;
  const interval = forkInterval(metric.rawData);
  if (interval === undefined) {
    // A JMH report that keeps only histograms has no fork values: its own error is all there is.
    const score = finiteScore(metric);
    if (score === undefined) return undefined;
    const error = metric.scoreError;
    if (error === 'NaN' || !Number.isFinite(error)) return { score };
    return { score, low: Math.max(0, score - error), high: score + error };
  }
  return shownInterval(interval);
}

/** A fork-level interval as the pages show it: none for one fork, the lower end cut at zero. */
export function shownInterval(interval: ForkInterval): MetricInterval {
  if (interval.method === 'single') return { score: interval.score, interval };
  return { score: interval.score, low: Math.max(0, interval.low), high: interval.high, interval };
}

/** Whether the row's forks differ by more than 10% (recomputed, so older reports read the same way). */
export function isNoisyRow(row: ResultRow): boolean {
  return row.status === 'ok' && isNoisyForks(row.primary.rawData);
}
