import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from './false-discovery.js';

describe('Benjamini–Hochberg', () => {
  it('adjusts a small case computed by hand', () => {
    // Sorted: 0.005 (rank 1), 0.01 (2), 0.03 (3), 0.04 (4); m = 4.
    // m·p/rank: 0.02, 0.02, 0.04, 0.04; running minimum from the top: 0.02, 0.02, 0.04, 0.04.
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(q[0]).toBeCloseTo(0.02, 12);
    expect(q[1]).toBeCloseTo(0.04, 12);
    expect(q[2]).toBeCloseTo(0.04, 12);
    expect(q[3]).toBeCloseTo(0.02, 12);
  });

  it('takes the running minimum, so a larger p never gets a smaller q', () => {
    // m·p/rank: 0.04·3/1 = 0.12, 0.045·3/2 = 0.0675, 0.046·3/3 = 0.046 → all become 0.046.
    for (const q of benjaminiHochberg([0.04, 0.045, 0.046])) expect(q).toBeCloseTo(0.046, 12);
  });

  it('caps at 1 and leaves untestable results out of m', () => {
    const q = benjaminiHochberg([0.9, Number.NaN, 0.6]);
    // m = 2: 0.6·2/1 = 1.2 → min(1, 0.9) = 0.9; 0.9·2/2 = 0.9.
    expect(q[0]).toBeCloseTo(0.9, 12);
    expect(q[1]).toBeNaN();
    expect(q[2]).toBeCloseTo(0.9, 12);
    expect(benjaminiHochberg([1, 1])).toEqual([1, 1]);
    expect(benjaminiHochberg([])).toEqual([]);
  });

  it('leaves a single p-value as it is', () => {
    expect(benjaminiHochberg([0.03])).toEqual([0.03]);
  });
});
