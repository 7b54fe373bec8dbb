/**
 * Exact work counters. Time is noisy; the work a benchmark asks of the server is not: a job with a
 * fixed chunk size sends the same statements per operation every time. A counter the benchmark
 * declares deterministic is compared without statistics, so a lost batching or an N+1 query shows
 * even when timing cannot tell ("statements/op 44 → 64 (+45%)").
 */
import type { CounterChange, ForkScores, ResultInput } from './model.js';

/**
 * Values closer than this (relative) are equal: per-op values are quotients of counts, and the
 * same count over different invocation totals may differ in the last bits.
 */
export const COUNTER_TOLERANCE = 1e-9;

function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= COUNTER_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** Every finite value of a side, over forks and iterations. */
function sideValues(scores: ForkScores): number[] {
  return scores.flat().filter(Number.isFinite);
}

/** Whether a side's values are all equal (as a deterministic counter's must be). */
function isConstant(values: readonly number[]): boolean {
  return values.every((value) => sameValue(value, values[0] as number));
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The declared-deterministic counters of one result that changed between the sides, or that took
 * more than one value within a side (then the declaration is wrong, or the work really varies).
 * Counters missing on a side, or not declared deterministic, are skipped.
 */
export function compareWorkCounters(result: ResultInput): CounterChange[] {
  const changes: CounterChange[] = [];
  for (const counter of result.deterministicCounters ?? []) {
    const series = result.counters?.[counter];
    if (series === undefined) continue;
    const baselineValues = sideValues(series.baseline);
    const candidateValues = sideValues(series.candidate);
    if (baselineValues.length === 0 || candidateValues.length === 0) continue;
    const variesWithin: ('baseline' | 'candidate')[] = [];
    if (!isConstant(baselineValues)) variesWithin.push('baseline');
    if (!isConstant(candidateValues)) variesWithin.push('candidate');
    const baseline = average(baselineValues);
    const candidate = average(candidateValues);
    if (sameValue(baseline, candidate) && variesWithin.length === 0) continue;
    changes.push({
      identity: result.identity,
      counter,
      unit: series.unit,
      baseline,
      candidate,
      changePercent: baseline === 0 ? NaN : (candidate / baseline - 1) * 100,
      variesWithin,
    });
  }
  return changes;
}
