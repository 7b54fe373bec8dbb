/**
 * The verdict rule. A change is called only when it is both significant after the false discovery
 * correction and large: its whole interval lies beyond the noise threshold. Either alone is not
 * enough — a tiny significant change is noise of the machine, a large unsignificant one is chance.
 */
import { isNoisy } from '../stats/statistics.js';
import type { Verdict } from './model.js';

/** What the verdict of one compared result depends on. */
export interface VerdictInput {
  readonly low: number;
  readonly high: number;
  readonly qValue: number;
  readonly higherIsBetter: boolean;
}

/** Where an interval of the ratio lies relative to the band 1 ± threshold. */
export type IntervalPosition = 'above' | 'below' | 'inside' | 'straddles';

/** Classifies the interval [low, high] of a ratio against the band [1 − threshold, 1 + threshold]. */
export function intervalPosition(low: number, high: number, threshold: number): IntervalPosition {
  if (low > 1 + threshold) return 'above';
  if (high < 1 - threshold) return 'below';
  if (low >= 1 - threshold && high <= 1 + threshold) return 'inside';
  return 'straddles';
}

/**
 * "improved" or "regressed" (by the metric's direction) when q ≤ the false discovery rate and the
 * whole interval lies beyond 1 ± threshold; "~" otherwise.
 */
export function verdictOf(
  input: VerdictInput,
  settings: { readonly noiseThreshold: number; readonly falseDiscoveryRate: number },
): Verdict {
  if (!(input.qValue <= settings.falseDiscoveryRate)) return '~';
  const position = intervalPosition(input.low, input.high, settings.noiseThreshold);
  if (position !== 'above' && position !== 'below') return '~';
  return (position === 'above') === input.higherIsBetter ? 'improved' : 'regressed';
}

/** Whether a ratio's interval is wider than ±`limit` of the ratio (see {@link isNoisy}). */
export function isNoisyRatio(ratio: number, low: number, high: number, limit: number): boolean {
  return isNoisy(ratio, (high - low) / 2, limit);
}
