import { describe, expect, it } from 'vitest';
import { pairOrder, randomFirstSide } from './interleaved-forks.js';

describe('interleaved fork order', () => {
  it('alternates the pairs from the side that opened the combination', () => {
    const orders = (first: 'baseline' | 'candidate') => [0, 1, 2, 3].map((index) => pairOrder(index, first));
    expect(orders('baseline')).toEqual([
      ['baseline', 'candidate'],
      ['candidate', 'baseline'],
      ['baseline', 'candidate'],
      ['candidate', 'baseline'],
    ]);
    expect(orders('candidate')).toEqual([
      ['candidate', 'baseline'],
      ['baseline', 'candidate'],
      ['candidate', 'baseline'],
      ['baseline', 'candidate'],
    ]);
  });

  it('draws the opening side with a fair coin, so neither side always pays for going first', () => {
    expect(randomFirstSide(() => 0.2)).toBe('baseline');
    expect(randomFirstSide(() => 0.7)).toBe('candidate');
    const draws = Array.from({ length: 2000 }, () => randomFirstSide());
    const baselineFirst = draws.filter((side) => side === 'baseline').length;
    // Binomial(2000, 0.5): 1000 ± 22 (1σ); ±200 is over 8σ, so this never fails by chance.
    expect(baselineFirst).toBeGreaterThan(800);
    expect(baselineFirst).toBeLessThan(1200);
  });
});
