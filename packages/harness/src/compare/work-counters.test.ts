import { describe, expect, it } from 'vitest';
import { counterChangeLine } from './format.js';
import type { ResultInput } from './model.js';
import { compareWorkCounters } from './work-counters.js';

const identity = {
  suite: 'pooled',
  benchmark: 'job',
  mode: 'ss',
  params: { dataSize: '10000', partitions: '4' },
};

function result(counters: ResultInput['counters'], deterministic: readonly string[]): ResultInput {
  return {
    identity,
    unit: 'ms/op',
    higherIsBetter: false,
    baseline: [[1]],
    candidate: [[1]],
    counters,
    deterministicCounters: deterministic,
  };
}

describe('exact work counters', () => {
  it('reports a changed deterministic counter exactly, without statistics', () => {
    const changes = compareWorkCounters(
      result(
        {
          statements: {
            unit: '/op',
            baseline: [
              [44, 44],
              [44, 44],
            ],
            candidate: [[64], [64, 64]],
          },
        },
        ['statements'],
      ),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      counter: 'statements',
      baseline: 44,
      candidate: 64,
      variesWithin: [],
    });
    expect(changes[0]?.changePercent).toBeCloseTo((64 / 44 - 1) * 100, 12);
    expect(counterChangeLine(changes[0]!)).toBe(
      'pooled/job:ss dataSize=10000 partitions=4: statements 44 → 64 /op (+45%)',
    );
  });

  it('says nothing about an unchanged counter or one not declared deterministic', () => {
    const counters = {
      statements: { unit: '/op', baseline: [[44], [44]], candidate: [[44], [44]] },
      blocksHit: { unit: 'count', baseline: [[3000], [3100]], candidate: [[5000], [5200]] },
    };
    expect(compareWorkCounters(result(counters, ['statements']))).toEqual([]);
  });

  it('flags a declared-deterministic counter that varies within one side', () => {
    const changes = compareWorkCounters(
      result({ rows: { unit: '/op', baseline: [[100], [100]], candidate: [[100], [101]] } }, ['rows']),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]?.variesWithin).toEqual(['candidate']);
    expect(counterChangeLine(changes[0]!)).toContain('declared deterministic but varies within candidate');
  });

  it('treats values that differ only in the last bits as equal', () => {
    const third = 1 / 3;
    const changes = compareWorkCounters(
      result({ rows: { unit: '/op', baseline: [[third]], candidate: [[(1 / 9) * 3]] } }, ['rows']),
    );
    expect(changes).toEqual([]);
  });

  it('skips a counter that is missing on a side', () => {
    expect(
      compareWorkCounters(
        result({ rows: { unit: '/op', baseline: [], candidate: [[1]] } }, ['rows', 'absent']),
      ),
    ).toEqual([]);
  });
});
