import { describe, expect, it } from 'vitest';
import { splitKeyRange } from './key-ranges.js';

describe('splitKeyRange', () => {
  it('splits evenly, widening the first ranges by one key when it does not divide', () => {
    expect(splitKeyRange(1, 10, 3)).toEqual([
      { partitionNo: 0, start: 1, end: 4 },
      { partitionNo: 1, start: 5, end: 7 },
      { partitionNo: 2, start: 8, end: 10 },
    ]);
  });

  it('covers min..max contiguously for many shapes', () => {
    for (const [min, max, partitions] of [
      [1, 100_000, 8],
      [17, 17, 4],
      [5, 9, 5],
      [1, 1000, 7],
      [-20, 30, 6],
    ] as const) {
      const ranges = splitKeyRange(min, max, partitions);
      expect(ranges[0]?.start).toBe(min);
      expect(ranges.at(-1)?.end).toBe(max);
      ranges.forEach((range, index) => {
        expect(range.partitionNo).toBe(index);
        expect(range.end).toBeGreaterThanOrEqual(range.start);
        if (index > 0) expect(range.start).toBe((ranges[index - 1]?.end ?? NaN) + 1);
      });
      const widths = ranges.map((range) => range.end - range.start + 1);
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
    }
  });

  it('gives one range per key when there are fewer keys than partitions', () => {
    expect(splitKeyRange(3, 5, 8)).toEqual([
      { partitionNo: 0, start: 3, end: 3 },
      { partitionNo: 1, start: 4, end: 4 },
      { partitionNo: 2, start: 5, end: 5 },
    ]);
  });

  it('rejects nonsense', () => {
    expect(() => splitKeyRange(1, 10, 0)).toThrow(/positive integer/);
    expect(() => splitKeyRange(10, 1, 2)).toThrow(/not a non-empty range/);
  });
});
