/**
 * The decision behind `--auto`, tachometer's idea applied to forks: after each round, a result whose
 * interval of the ratio is wholly beyond the noise band (and called) or wholly inside it is
 * resolved; every other result gets another fork pair, until it resolves or reaches the fork limit.
 */
import type { Comparison, ResultComparison } from './model.js';
import { intervalPosition } from './verdict.js';

/**
 * Forks per side that `--auto` stops at when a result still does not resolve. Measured here on the
 * pooled seed at 10k rows (~25 ms a load), a known +10% gave fork pairs a log-ratio spread of
 * 0.08–0.09: a ±5% threshold then needs 10–20 pairs, and 10 called it in 2 of 6 runs, 20 in 6 of 7;
 * the 5% false discovery rate and the band hold at any count (A/A: nothing called in 4 runs).
 */
export const DEFAULT_MAX_FORKS_PER_SIDE = 20;

/**
 * Where a result stands: a called change, resolved as unchanged (interval inside the band), still
 * unresolved, or not comparable (more forks would not help).
 */
export type Resolution = 'changed' | 'unchanged' | 'unresolved' | 'not comparable';

/** The resolution of one compared result under the comparison's noise threshold. */
export function resolutionOf(result: ResultComparison, noiseThreshold: number): Resolution {
  if (result.verdict === 'not comparable') return 'not comparable';
  if (result.verdict !== '~') return 'changed';
  const [low, high] = result.ratioInterval;
  return intervalPosition(low, high, noiseThreshold) === 'inside' ? 'unchanged' : 'unresolved';
}

/** What to run next. */
export interface SamplingDecision {
  /** Per result, in the comparison's order. */
  readonly resolutions: readonly Resolution[];
  /** Indexes of unresolved results below the fork limit: each needs one more fork per side. */
  readonly needMore: readonly number[];
  /** Indexes of unresolved results already at the fork limit. */
  readonly exhausted: readonly number[];
}

/** Decides which results need another fork pair; none left means the adaptive run is done. */
export function planNextForks(
  comparison: Comparison,
  options: { readonly maxForksPerSide?: number } = {},
): SamplingDecision {
  const maxForks = options.maxForksPerSide ?? DEFAULT_MAX_FORKS_PER_SIDE;
  const resolutions = comparison.results.map((result) =>
    resolutionOf(result, comparison.settings.noiseThreshold),
  );
  const needMore: number[] = [];
  const exhausted: number[] = [];
  comparison.results.forEach((result, index) => {
    if (resolutions[index] !== 'unresolved') return;
    const forks = Math.min(result.baselineSize.forks, result.candidateSize.forks);
    (forks < maxForks ? needMore : exhausted).push(index);
  });
  return { resolutions, needMore, exhausted };
}
