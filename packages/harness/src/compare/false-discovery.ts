/**
 * Benjamini–Hochberg: a comparison tests every result at once, and 141 tests at p < 0.05 call about
 * seven changes by chance alone. Adjusting each p-value to a q-value bounds the expected share of
 * false calls among all calls (the false discovery rate) instead.
 */

/**
 * Benjamini–Hochberg adjusted p-values (q-values), in input order. With m finite p-values sorted
 * ascending, q₍ᵢ₎ = min over j ≥ i of m·p₍ⱼ₎ / j, capped at 1. A result is significant at false
 * discovery rate Q when its q ≤ Q. Non-finite p-values (results that could not be tested) stay NaN
 * and do not count in m.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const tested = pValues
    .map((pValue, index) => ({ pValue, index }))
    .filter((entry) => Number.isFinite(entry.pValue))
    .sort((a, b) => a.pValue - b.pValue || a.index - b.index);
  const qValues = pValues.map(() => NaN);
  const m = tested.length;
  let runningMinimum = 1;
  for (let rank = m; rank >= 1; rank -= 1) {
    const entry = tested[rank - 1] as { pValue: number; index: number };
    runningMinimum = Math.min(runningMinimum, (entry.pValue * m) / rank);
    qValues[entry.index] = runningMinimum;
  }
  return qValues;
}
