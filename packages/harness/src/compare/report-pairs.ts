/**
 * Turns two reports into comparison input: results paired by benchmark, mode and parameters, in the
 * candidate's order (then results only the baseline has). Works on plain JMH reports too: identity
 * and direction then come from the qualified name and the mode.
 */
import { resultKey } from '../report/report-io.js';
import type { DbbenchResult, JmhResult } from '../report/report-schema.js';
import type { CounterSeries, ResultIdentity, ResultInput } from './model.js';

/** A result of either kind of report. */
type AnyResult = JmhResult & { readonly dbbench?: DbbenchResult['dbbench'] };

/** Options of {@link pairReports}. */
export interface PairOptions {
  /** The counters a result declares deterministic (none by default). */
  readonly deterministicCounters?: (result: AnyResult) => readonly string[];
}

/** Suite and short name: the dbbench extension's, or split from JMH's qualified name. */
export function identityOf(result: AnyResult): ResultIdentity {
  const params = result.params ?? {};
  if (result.dbbench !== undefined) {
    return {
      suite: result.dbbench.suite,
      database: result.dbbench.database,
      benchmark: result.dbbench.benchmarkName,
      mode: result.mode,
      params,
    };
  }
  const dot = result.benchmark.lastIndexOf('.');
  return {
    suite: dot < 0 ? '' : result.benchmark.slice(0, dot),
    benchmark: result.benchmark.slice(dot + 1),
    mode: result.mode,
    params,
  };
}

function failed(result: AnyResult | undefined): boolean {
  return result?.dbbench?.status === 'failed';
}

function unavailableReason(
  baseline: AnyResult | undefined,
  candidate: AnyResult | undefined,
): string | undefined {
  if (baseline === undefined) return 'only in the candidate';
  if (candidate === undefined) return 'only in the baseline';
  if (failed(baseline)) return 'failed in the baseline';
  if (failed(candidate)) return 'failed in the candidate';
  if (baseline.primaryMetric.scoreUnit !== candidate.primaryMetric.scoreUnit)
    return `unit changed (${baseline.primaryMetric.scoreUnit} → ${candidate.primaryMetric.scoreUnit})`;
  return undefined;
}

function counters(
  baseline: AnyResult | undefined,
  candidate: AnyResult | undefined,
): Record<string, CounterSeries> {
  const series: Record<string, CounterSeries> = {};
  for (const [name, metric] of Object.entries(candidate?.secondaryMetrics ?? {})) {
    const before = baseline?.secondaryMetrics[name];
    if (before === undefined) continue;
    series[name] = { unit: metric.scoreUnit, baseline: before.rawData, candidate: metric.rawData };
  }
  return series;
}

/**
 * The rounds both sides' forks ran in, when both reports recorded them (one per fork): forks of the
 * two sides that share a round took turns in it, and are compared as pairs.
 */
function forkRounds(
  baseline: AnyResult | undefined,
  candidate: AnyResult | undefined,
): ResultInput['rounds'] {
  const recorded = (result: AnyResult | undefined): readonly string[] | undefined => {
    const rounds = result?.dbbench?.forkRounds;
    return rounds !== undefined && rounds.length === result?.primaryMetric.rawData?.length
      ? rounds
      : undefined;
  };
  const before = recorded(baseline);
  const after = recorded(candidate);
  return before === undefined || after === undefined ? undefined : { baseline: before, candidate: after };
}

/**
 * A result's pairing key: {@link resultKey} within its database, so that one list may hold several
 * engines' results (a comparison of two suite modules) without a PostgreSQL result pairing with a
 * MySQL one of the same name.
 */
function pairKey(result: AnyResult): string {
  return JSON.stringify([result.dbbench?.database ?? null, resultKey(result)]);
}

/**
 * Pairs the results of a baseline and a candidate report (or of several reports' results, one list a
 * side) into {@link ResultInput}s.
 */
export function pairReports(
  baseline: readonly AnyResult[],
  candidate: readonly AnyResult[],
  options: PairOptions = {},
): ResultInput[] {
  const baselineByKey = new Map(baseline.map((result) => [pairKey(result), result]));
  const candidateKeys = new Set(candidate.map(pairKey));
  const pairs: [AnyResult | undefined, AnyResult | undefined][] = [
    ...candidate.map((result): [AnyResult | undefined, AnyResult] => [
      baselineByKey.get(pairKey(result)),
      result,
    ]),
    ...baseline
      .filter((result) => !candidateKeys.has(pairKey(result)))
      .map((result): [AnyResult, undefined] => [result, undefined]),
  ];
  return pairs.map(([before, after]) => {
    const either = (after ?? before) as AnyResult;
    const unavailable = unavailableReason(before, after);
    const rounds = forkRounds(before, after);
    return {
      identity: identityOf(either),
      unit: either.primaryMetric.scoreUnit,
      higherIsBetter: either.dbbench?.higherIsBetter ?? either.mode === 'thrpt',
      baseline: before?.primaryMetric.rawData ?? [],
      candidate: after?.primaryMetric.rawData ?? [],
      counters: counters(before, after),
      deterministicCounters: options.deterministicCounters?.(either) ?? [],
      ...(unavailable === undefined ? {} : { unavailable }),
      ...(rounds === undefined ? {} : { rounds }),
    };
  });
}
