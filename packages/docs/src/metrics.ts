import { compareStrings } from './format.js';
import { finiteScore, type ResultRow } from './result-row.js';
import { unitKind } from './units.js';

/**
 * Secondary metrics, read generically: a metric's group is the prefix of its name (`pool.` in
 * `pool.acquireWait.p95`), its label the rest, its unit what the profiler recorded, its direction
 * what the report declares in `secondaryHigherIsBetter`. A new profiler shows up in the docs
 * without code changes.
 */

/** The group of a metric: its name up to the first dot, or '' when it has none. */
export function metricGroup(name: string): string {
  const dot = name.indexOf('.');
  return dot > 0 ? name.slice(0, dot) : '';
}

/** A metric's name without its group. */
export function metricLabel(name: string): string {
  const group = metricGroup(name);
  return group === '' ? name : name.slice(group.length + 1);
}

// Counters of the work a benchmark made the server do (rows inserted, commits, blocks read, WAL
// bytes): they describe the workload, so more is neither better nor worse, and they carry no
// direction arrow whatever the report declares.
const WORKLOAD_COUNTER_GROUPS: ReadonlySet<string> = new Set(['server']);

/**
 * Whether higher values of a metric are better: as declared by the results, undefined when none
 * declares it or when the metric counts workload rather than cost.
 */
export function metricDirection(name: string, rows: readonly ResultRow[]): boolean | undefined {
  if (WORKLOAD_COUNTER_GROUPS.has(metricGroup(name))) return undefined;
  return rows.find((row) => row.secondaryHigherIsBetter[name] !== undefined)?.secondaryHigherIsBetter[name];
}

/** The arrow a header carries: ↑ higher is better, ↓ lower is better, none when it is neither. */
export function directionArrow(higherIsBetter: boolean | undefined): string {
  return higherIsBetter === undefined ? '' : higherIsBetter ? ' ↑' : ' ↓';
}

/** The unit a metric was recorded in (the first result that has it). */
export function metricUnit(name: string, rows: readonly ResultRow[]): string {
  return rows.find((row) => row.secondary[name] !== undefined)?.secondary[name]?.scoreUnit ?? '';
}

/**
 * A derived rate, e.g. `rows/s`: named after its own unit, a count per time. The main table
 * shows it beside the score.
 */
export function isDerivedRate(name: string, rows: readonly ResultRow[]): boolean {
  const unit = metricUnit(name, rows);
  return unit === name && unitKind(unit).kind === 'perTime';
}

/**
 * Whether a metric repeats the primary score (same value in every result that has both), e.g. a
 * requests/s metric of a benchmark whose score is requests per second: shown once, as the score.
 */
export function repeatsScore(name: string, rows: readonly ResultRow[]): boolean {
  const pairs = rows.flatMap((row) => {
    const score = finiteScore(row.primary);
    const value = finiteScore(row.secondary[name]);
    return score === undefined || value === undefined ? [] : [[score, value] as const];
  });
  return (
    pairs.length > 0 && pairs.every(([score, value]) => Math.abs(score - value) <= 1e-9 * Math.abs(score))
  );
}

/** Rank of a statistic suffix so columns read mean, p50, p95, p99, max rather than alphabetically. */
function statisticRank(name: string): number {
  const match = /(?:^|[._])(p([\d.]+)|mean|max)$/.exec(name);
  if (!match) return 0;
  if (match[1] === 'mean') return -1;
  if (match[1] === 'max') return 1000;
  return Number(match[2]);
}

/** Orders metric names: by group, then by what they measure, statistics in reading order. */
export function compareMetricNames(a: string, b: string): number {
  const stem = (name: string) => name.replace(/(?:^|[._])(p[\d.]+|mean|max)$/, '');
  return (
    compareStrings(metricGroup(a), metricGroup(b)) ||
    compareStrings(stem(a), stem(b)) ||
    statisticRank(a) - statisticRank(b) ||
    compareStrings(a, b)
  );
}
