/**
 * How a comparison's numbers read in every renderer: short, fixed precision, locale-independent,
 * so rendered output is byte-for-byte stable and fits a PR comment.
 */
import type { CounterChange, ResultComparison, ResultIdentity, SideSize, Verdict } from './model.js';

/**
 * "postgres pooled/job:avgt dataSize=10000 partitions=4" — one result on one line, its database first
 * when the result names one (a comparison of two engines holds the same names twice).
 */
export function resultLabel(identity: ResultIdentity): string {
  const params = Object.entries(identity.params).map(([name, value]) => `${name}=${value}`);
  const name = `${identity.suite}/${identity.benchmark}:${identity.mode}`;
  return [...(identity.database === undefined ? [] : [identity.database]), name, ...params].join(' ');
}

/** A ratio with three decimals and a times sign: "1.123×"; "n/a" when unknown. */
export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(3)}×` : 'n/a';
}

/** A ratio's interval: "[1.081, 1.160]". */
export function formatInterval(interval: readonly [number, number]): string {
  const [low, high] = interval;
  if (!Number.isFinite(low) || !Number.isFinite(high)) return 'n/a';
  return `[${low.toFixed(3)}, ${high.toFixed(3)}]`;
}

/** A signed percentage, "+12.3%" / "−4.0%" (true minus sign, so columns align in proportional fonts). */
export function formatPercent(percent: number, digits = 1): string {
  if (!Number.isFinite(percent)) return 'n/a';
  const text = Math.abs(percent).toFixed(digits);
  if (Number(text) === 0) return `±${text}%`;
  return `${percent > 0 ? '+' : '−'}${text}%`;
}

/** A p- or q-value: two significant digits, "<0.001" below that. */
export function formatProbability(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 0.001) return '<0.001';
  return value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

function formatSide(size: SideSize): string {
  if (size.forks === 0) return '0';
  const perFork = size.iterations / size.forks;
  return Number.isInteger(perFork) ? `${size.forks}×${perFork}` : `${size.forks}f/${size.iterations}i`;
}

/** Sample sizes as forks × iterations per fork, baseline + candidate: "3×5+3×5". */
export function formatSizes(result: Pick<ResultComparison, 'baselineSize' | 'candidateSize'>): string {
  return `${formatSide(result.baselineSize)}+${formatSide(result.candidateSize)}`;
}

/** A counter value: integers as integers, others with up to four significant digits. */
export function formatCounterValue(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(4)));
}

/** "pooled/job:ss dataSize=1000: client.statements 44 → 64 /op (+45%)". */
export function counterChangeLine(change: CounterChange): string {
  const values = `${formatCounterValue(change.baseline)} → ${formatCounterValue(change.candidate)}`;
  const unit = change.unit === '' ? '' : ` ${change.unit}`;
  const percent = Number.isFinite(change.changePercent) ? ` (${formatPercent(change.changePercent, 0)})` : '';
  const varies =
    change.variesWithin.length === 0
      ? ''
      : `; declared deterministic but varies within ${change.variesWithin.join(' and ')}`;
  return `${resultLabel(change.identity)}: ${change.counter} ${values}${unit}${percent}${varies}`;
}

/** The called changes, largest first (by |log ratio|, so −20% and +25% weigh the same). */
export function calledChangesBySize(results: readonly ResultComparison[]): ResultComparison[] {
  const size = (result: ResultComparison): number => Math.abs(Math.log(result.ratio));
  return results.filter((result) => isCalled(result.verdict)).sort((a, b) => size(b) - size(a));
}

/** Whether a verdict is a called change. */
export function isCalled(verdict: Verdict): boolean {
  return verdict === 'improved' || verdict === 'regressed';
}

/** "2 regressed, 1 improved, 137 unchanged (~), 1 not comparable" — zero counts left out. */
export function verdictCounts(results: readonly ResultComparison[]): string {
  const order: readonly Verdict[] = ['regressed', 'improved', '~', 'not comparable'];
  const parts = order.flatMap((verdict) => {
    const count = results.filter((result) => result.verdict === verdict).length;
    if (count === 0) return [];
    return [`${count} ${verdict === '~' ? 'unchanged (~)' : verdict}`];
  });
  return parts.length === 0 ? 'no results' : parts.join(', ');
}

/** A geometric mean of cost ratios as a change: "−3.1% (better)". */
export function formatGeomean(costRatio: number): string {
  const percent = (costRatio - 1) * 100;
  const word = Math.abs(percent) < 0.05 ? '' : percent < 0 ? ' (better)' : ' (worse)';
  return `${formatPercent(percent)}${word}`;
}

/** Marks after a result's label: † when compared at the iteration level (a side has one fork). */
export function levelMark(result: Pick<ResultComparison, 'level'>): string {
  return result.level === 'iteration' ? ' †' : '';
}

/** The verdict as a table cell: the verdict, ", noisy" when the interval is too wide, the reason. */
export function verdictCell(result: ResultComparison): string {
  if (result.verdict === 'not comparable') return `not comparable: ${result.reason ?? ''}`;
  return result.noisy ? `${result.verdict}, noisy` : result.verdict;
}
