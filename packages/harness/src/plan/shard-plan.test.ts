import { describe, expect, it } from 'vitest';
import { defineBenchmark, defineSuite } from '../define/definition.js';
import { isUsageError } from '../define/errors.js';
import { resultKey } from '../report/report-io.js';
import type { DbbenchReport, DbbenchResult } from '../report/report-schema.js';
import { reportResult } from '../../test/fixtures/report-result.js';
import { expandMatrix } from './run-plan.js';
import {
  combinationKey,
  describePlan,
  expandPlan,
  parseShardSpec,
  selectShard,
  shardReportPath,
} from './shard-plan.js';

const noop = { setupTrial: () => ({}), run: () => 1 };
const suite = defineSuite({
  name: 'pooled',
  database: 'postgres',
  description: 'test suite',
  axes: { dataSize: [1000, 10000, 100000], poolSize: [10, 30], strategy: ['copy', 'insert'] },
  benchmarks: {
    insert: defineBenchmark({ description: 'insert', axes: ['dataSize', 'strategy'], mode: 'avgt', ...noop }),
    select: defineBenchmark({
      description: 'select',
      axes: ['poolSize'],
      mode: ['thrpt', 'sample'],
      ...noop,
    }),
    baseline: defineBenchmark({ description: 'nothing', axes: [], mode: 'ss', ...noop }),
  },
});
const plan = expandMatrix(suite);
const keys = plan.map((combination) => combinationKey(suite.name, combination));

/** A minimal valid result for `key`'s combination with a recorded duration. */
function recorded(index: number, elapsedMs: number, status: 'ok' | 'failed' = 'ok'): DbbenchResult {
  const combination = plan[index];
  if (combination === undefined) throw new Error(`no combination ${index}`);
  return reportResult(1, {
    result: {
      benchmark: `pooled.${combination.benchmarkName}`,
      mode: combination.mode,
      warmupIterations: 0,
      measurementIterations: 1,
      params: { ...combination.params },
    },
    primaryMetric: { scoreConfidence: [1, 1], scorePercentiles: {}, rawData: [[1]] },
    dbbench: {
      benchmarkName: combination.benchmarkName,
      description: '',
      axes: [...combination.benchmark.axes],
      status,
      environment: { node: 'v20', v8: '11', os: 'Linux', cpuModel: 'cpu', cores: 2, memoryBytes: 1 },
      git: { commit: 'abc', dirty: false },
      finishedAt: '2026-01-01T00:00:00.000Z',
      runInfo: {},
      elapsedMs,
    },
  });
}

function shardKeys(count: number, durations: DbbenchReport = []): string[][] {
  return Array.from({ length: count }, (_, index) =>
    selectShard(suite.name, plan, { index: index + 1, count }, durations).combinations.map((combination) =>
      combinationKey(suite.name, combination),
    ),
  );
}

describe('parseShardSpec', () => {
  it('reads k/n and rejects anything outside 1 ≤ k ≤ n as a usage error', () => {
    expect(parseShardSpec('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShardSpec(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '3', '1/0', 'a/b', '1/2/3', '-1/2', '1.5/3']) {
      let error: unknown;
      try {
        parseShardSpec(bad);
      } catch (caught) {
        error = caught;
      }
      expect(isUsageError(error), bad).toBe(true);
      expect((error as Error).message).toContain('k/n');
    }
  });
});

describe('selectShard', () => {
  it('puts every combination of the plan in exactly one shard, in plan order', () => {
    for (const count of [1, 2, 3, 4, plan.length + 2]) {
      const shards = shardKeys(count);
      expect(shards.flat().sort()).toEqual([...keys].sort());
      for (const shard of shards) expect(shard).toEqual(keys.filter((key) => shard.includes(key)));
    }
  });

  it('splits by count when no durations are recorded, and says so', () => {
    const selection = selectShard(suite.name, plan, { index: 1, count: 3 });
    expect(selection.balancedBy).toBe('count');
    const sizes = shardKeys(3).map((shard) => shard.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('balances recorded durations: a long combination gets a shard of its own', () => {
    // baseline (the last combination) takes as long as all others together.
    const durations = plan.map((_, index) =>
      recorded(index, index === plan.length - 1 ? 1_000 * (plan.length - 1) : 1_000),
    );
    const shards = shardKeys(2, durations);
    const alone = shards.find((shard) => shard.length === 1);
    expect(alone).toEqual([keys[keys.length - 1]]);
    const selection = selectShard(suite.name, plan, { index: 1, count: 2 }, durations);
    expect(selection.balancedBy).toBe('duration');
    expect(selection.estimatedMs?.heaviestShard).toBe(1_000 * (plan.length - 1));
  });

  it('gives combinations without a duration the mean of the recorded ones, and ignores failed results', () => {
    const durations = [recorded(0, 4_000), recorded(1, 2_000), recorded(2, 1_000_000, 'failed')];
    const withFailure = shardKeys(3, durations);
    expect(shardKeys(3, durations.slice(0, 2))).toEqual(withFailure);
  });

  it('is deterministic: the same plan and durations give the same shards', () => {
    const durations = plan.map((_, index) => recorded(index, 100 + ((index * 37) % 11) * 50));
    expect(shardKeys(3, durations)).toEqual(shardKeys(3, [...durations].reverse()));
  });

  it('records the shard, the plan size and a plan that expands to exactly the planned combinations', () => {
    const { record } = selectShard(suite.name, plan, { index: 2, count: 3 });
    expect(record).toMatchObject({ index: 2, count: 3, planSize: plan.length });
    expect(expandPlan(record.plan).map((combination) => resultKey(combination))).toEqual(keys);
  });
});

describe('describePlan', () => {
  it('describes each benchmark and mode by its axis values', () => {
    expect(describePlan(suite.name, plan)).toEqual([
      {
        benchmark: 'pooled.insert',
        mode: 'avgt',
        params: { dataSize: ['1000', '10000', '100000'], strategy: ['copy', 'insert'] },
      },
      { benchmark: 'pooled.select', mode: 'thrpt', params: { poolSize: ['10', '30'] } },
      { benchmark: 'pooled.select', mode: 'sample', params: { poolSize: ['10', '30'] } },
      { benchmark: 'pooled.baseline', mode: 'ss', params: {} },
    ]);
  });

  it('refuses a list that is not a product of axis values', () => {
    expect(() => describePlan(suite.name, plan.slice(1))).toThrow(/not a product/);
  });
});

describe('shardReportPath', () => {
  it('puts the shard beside the report', () => {
    expect(shardReportPath('/r/postgres.json', { index: 2, count: 3 })).toBe('/r/postgres.shard-2-of-3.json');
    expect(shardReportPath('/r/report', { index: 1, count: 2 })).toBe('/r/report.shard-1-of-2.json');
  });
});
