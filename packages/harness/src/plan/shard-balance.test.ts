import { describe, expect, it } from 'vitest';
import { seededRandom } from '../compare/random.js';
import { balanceShards, type WeightedItem } from './shard-balance.js';

// A reproducible sequence, so the property checks are the same every run.
function items(seed: number, length: number): WeightedItem[] {
  const next = seededRandom(seed);
  // Durations spread over three orders of magnitude, as benchmark combinations are.
  return Array.from({ length }, (_, index) => ({
    key: `c${index}`,
    weight: Math.round(10 ** (1 + 3 * next())),
  }));
}

function totals(list: readonly WeightedItem[], shardOf: readonly number[], count: number): number[] {
  const sums = new Array<number>(count).fill(0);
  shardOf.forEach((shard, index) => (sums[shard] = (sums[shard] ?? 0) + (list[index]?.weight ?? 0)));
  return sums;
}

describe('balanceShards', () => {
  it('puts every item in exactly one shard, and shards differ by at most the heaviest item', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const list = items(seed, 1 + (seed % 40));
      for (const count of [1, 2, 3, 5, 8]) {
        const shardOf = balanceShards(list, count);
        expect(shardOf).toHaveLength(list.length);
        for (const shard of shardOf)
          expect(shard >= 0 && shard < count && Number.isInteger(shard)).toBe(true);
        const sums = totals(list, shardOf, count);
        const heaviest = Math.max(...list.map((item) => item.weight));
        expect(Math.max(...sums) - Math.min(...sums)).toBeLessThanOrEqual(heaviest);
      }
    }
  });

  it('is deterministic and independent of the input order', () => {
    const list = items(7, 30);
    const first = balanceShards(list, 4);
    expect(balanceShards(list, 4)).toEqual(first);
    const reversed = [...list].reverse();
    const shardByKey = new Map(reversed.map((item, index) => [item.key, balanceShards(reversed, 4)[index]]));
    expect(list.map((item) => shardByKey.get(item.key))).toEqual(first);
  });

  it('splits equal weights by count, round robin in key order', () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => ({ key, weight: 1 }));
    expect(balanceShards(list, 3)).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('gives a heavy item a shard of its own when that balances best', () => {
    const list = [
      { key: 'long', weight: 90 },
      ...Array.from({ length: 9 }, (_, index) => ({ key: `short${index}`, weight: 10 })),
    ];
    const shardOf = balanceShards(list, 2);
    expect(totals(list, shardOf, 2).sort((a, b) => a - b)).toEqual([90, 90]);
    expect(shardOf.filter((shard) => shard === shardOf[0])).toHaveLength(1);
  });

  it('leaves shards empty when there are fewer items than shards, and rejects a count below 1', () => {
    expect(balanceShards([{ key: 'only', weight: 5 }], 3)).toEqual([0]);
    expect(balanceShards([], 2)).toEqual([]);
    expect(() => balanceShards([], 0)).toThrow(RangeError);
  });
});
