import { describe, expect, it } from 'vitest';
import { defineBenchmark, defineSuite } from '../define/definition.js';
import { isUserError } from '../define/errors.js';
import { mergeShardReports, type ShardReportInput } from './merge-reports.js';
import { parseReport, resultKey } from './report-io.js';
import type { DbbenchResult } from './report-schema.js';
import { reportResult } from '../../test/fixtures/report-result.js';
import { expandMatrix, type Combination } from '../plan/run-plan.js';
import { combinationKey, selectShard } from '../plan/shard-plan.js';
import { redactReportCredentials } from './redact-credentials.js';
import { histogramSummaryRecord } from './result-histograms.js';
import { combineHistograms, LatencyHistogram, summarizeHistogram } from '../stats/histogram.js';

const noop = { setupTrial: () => ({}), run: () => 1 };
const suite = defineSuite({
  name: 'pooled',
  database: 'postgres',
  description: 'test suite',
  axes: { dataSize: [1000, 10000], strategy: ['copy', 'insert'], poolSize: [10, 30] },
  benchmarks: {
    seed: defineBenchmark({ description: 'seed', axes: ['dataSize', 'strategy'], mode: 'ss', ...noop }),
    queries: defineBenchmark({ description: 'queries', axes: ['poolSize'], mode: 'sample', ...noop }),
  },
});
const plan = expandMatrix(suite);

/** What varies between the machines and runs that measured a shard. */
interface Origin {
  readonly commit?: string;
  readonly cpuModel?: string;
  readonly serverVersion?: string;
}

function result(combination: Combination, shard: DbbenchResult['dbbench']['shard'], origin: Origin = {}) {
  const score = 1 + Number(combination.params.dataSize ?? combination.params.poolSize ?? 0) / 1000;
  return reportResult(score, {
    result: {
      benchmark: `pooled.${combination.benchmarkName}`,
      mode: combination.mode,
      warmupTime: 'single-shot',
      measurementTime: 'single-shot',
      params: { ...combination.params },
    },
    dbbench: {
      benchmarkName: combination.benchmarkName,
      description: combination.benchmark.description,
      axes: [...combination.benchmark.axes],
      environment: {
        node: 'v20.20.2',
        v8: '11.3',
        os: 'Linux 6 x64',
        cpuModel: origin.cpuModel ?? 'AMD EPYC',
        cores: 2,
        memoryBytes: 1024,
      },
      git: { commit: origin.commit ?? '1111111111111111111111111111111111111111', dirty: false },
      finishedAt: '2026-01-01T00:00:00.000Z',
      runInfo: { database: { engine: 'postgres', version: origin.serverVersion ?? 'PostgreSQL 15.20' } },
      elapsedMs: 1000,
      ...(shard === undefined ? {} : { shard }),
    },
  });
}

/** The report of shard k/n of the plan, as `dbbench run --shard k/n` writes it. */
function shardReport(index: number, count: number, origin: Origin = {}): ShardReportInput {
  const selection = selectShard(suite.name, plan, { index, count });
  return {
    source: `postgres.shard-${index}-of-${count}.json`,
    report: selection.combinations.map((combination) => result(combination, selection.record, origin)),
  };
}

/** One iteration's histogram of `count` latencies from `firstMs` on, `stepMs` apart. */
function encodedLatencies(firstMs: number, stepMs: number, count: number): string {
  const histogram = new LatencyHistogram();
  for (let index = 0; index < count; index += 1) histogram.record(firstMs + index * stepMs);
  return histogram.encode();
}

/**
 * A shard's report whose every result carries a `latency` histogram per measured iteration (two
 * forks of two iterations, values that differ by result, fork and iteration), as the result builder
 * writes it.
 */
function shardReportWithHistograms(index: number, count: number): ShardReportInput {
  const input = shardReport(index, count);
  return {
    ...input,
    report: input.report.map((entry, position) => {
      const offset = index * 100 + position * 10;
      const forks = [0, 1].map((fork) =>
        [0, 1].map((iteration) => encodedLatencies(offset + fork + iteration * 0.5, 0.013 * (fork + 1), 500)),
      );
      const summary = histogramSummaryRecord(summarizeHistogram(combineHistograms(forks.flat())));
      return {
        ...entry,
        dbbench: {
          ...entry.dbbench,
          histograms: { latency: { unit: 'ms' as const, forks } },
          histogramSummaries: { latency: summary },
        },
      };
    }),
  };
}

function refusal(inputs: readonly ShardReportInput[], allowMixed = false): string {
  try {
    mergeShardReports(inputs, { allowMixed });
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('the merge was not refused');
}

describe('mergeShardReports', () => {
  it('merges the shards into one schema-valid report in plan order, without shard records', async () => {
    const inputs = [shardReport(2, 3), shardReport(3, 3), shardReport(1, 3)];
    const outcome = mergeShardReports(inputs);
    expect(outcome.report.map((merged) => resultKey(merged))).toEqual(
      plan.map((combination) => combinationKey(suite.name, combination)),
    );
    expect(outcome.report.every((merged) => merged.dbbench.shard === undefined)).toBe(true);
    expect(outcome.report.every((merged) => merged.dbbench.elapsedMs === 1000)).toBe(true);
    expect(outcome.shards).toEqual(['1/3', '2/3', '3/3']);
    expect(outcome).toMatchObject({ failed: 0, mixed: [] });
    await expect(parseReport(outcome.report, 'merged')).resolves.toHaveLength(outcome.report.length);
  });

  it('accepts one report holding every shard, and a shard with no combinations needs no report', () => {
    const all = [1, 2, 3].flatMap((index) => shardReport(index, 3).report);
    expect(mergeShardReports([{ source: 'all.json', report: all }]).report).toHaveLength(plan.length);
    const many = plan.length + 1; // the last shard is empty
    const inputs = Array.from({ length: plan.length }, (_, index) => shardReport(index + 1, many));
    expect(mergeShardReports(inputs).report).toHaveLength(plan.length);
  });

  it('refuses missing combinations and lists them', () => {
    const message = refusal([shardReport(1, 2)]);
    const missing = shardReport(2, 2).report;
    expect(message).toContain(`${missing.length} of ${plan.length} planned combinations are missing`);
    for (const combination of missing.slice(0, 5))
      expect(message).toContain(`${combination.benchmark} ${combination.mode}`);
  });

  it('refuses a combination measured twice and names both reports', () => {
    const twice = { ...shardReport(1, 2), source: 'copy.json' };
    const message = refusal([shardReport(1, 2), shardReport(2, 2), twice]);
    expect(message).toMatch(
      /measured more than once: pooled\.\S+ \S+ .*\(postgres\.shard-1-of-2\.json and copy\.json\)/,
    );
  });

  it('refuses shards of different plans or shard counts', () => {
    expect(refusal([shardReport(1, 2), shardReport(2, 3)])).toContain('split different plans');
  });

  it('refuses results that no sharded run measured', () => {
    const plain = { source: 'plain.json', report: [result(plan[0] as Combination, undefined)] };
    expect(refusal([plain])).toContain('plain.json holds pooled.seed ss dataSize=1000 strategy=copy');
    expect(refusal([{ source: 'empty.json', report: [] }])).toContain('empty.json holds no results');
  });

  it('refuses reports from another commit, server or CPU unless mixing is allowed', () => {
    const other = '2222222222222222222222222222222222222222';
    expect(refusal([shardReport(1, 2), shardReport(2, 2, { commit: other })])).toMatch(
      /differ in git commit: 111111111111 in postgres\.shard-1-of-2\.json, 222222222222 in postgres\.shard-2-of-2\.json; run every shard/,
    );
    expect(refusal([shardReport(1, 2), shardReport(2, 2, { serverVersion: 'PostgreSQL 15.18' })])).toContain(
      'server version: PostgreSQL 15.20 in',
    );
    const mixed = [shardReport(1, 2), shardReport(2, 2, { cpuModel: 'Intel Xeon', commit: other })];
    expect(refusal(mixed)).toMatch(/git commit: .*; and in CPU: AMD EPYC × 2 in .*Intel Xeon × 2 in/);
    const outcome = mergeShardReports(mixed, { allowMixed: true });
    expect(outcome.mixed).toEqual(['git commit', 'CPU']);
    expect(new Set(outcome.report.map((merged) => merged.dbbench.git.commit)).size).toBe(2);
  });

  it("passes histograms through: whole-run percentiles of the merged report equal the shards' exactly", async () => {
    const inputs = [shardReportWithHistograms(1, 2), shardReportWithHistograms(2, 2)];
    // As `dbbench merge` reads them: redacted first, which must leave every encoding intact.
    const outcome = mergeShardReports(
      inputs.map((input) => ({ ...input, report: redactReportCredentials(input.report) })),
    );
    const shardResults = new Map(
      inputs.flatMap((input) => input.report.map((entry) => [resultKey(entry), entry])),
    );
    expect(outcome.report).toHaveLength(plan.length);
    for (const merged of outcome.report) {
      const original = shardResults.get(resultKey(merged));
      const mergedEncodings = merged.dbbench.histograms?.['latency']?.forks.flat() ?? [];
      const originalEncodings = original?.dbbench.histograms?.['latency']?.forks.flat() ?? [];
      expect(mergedEncodings).toHaveLength(4);
      const fromMerged = summarizeHistogram(combineHistograms(mergedEncodings));
      expect(fromMerged).toEqual(summarizeHistogram(combineHistograms(originalEncodings)));
      expect(fromMerged.count).toBe(2000);
      expect(merged.dbbench.histogramSummaries?.['latency']).toEqual(fromMerged);
    }
    await expect(parseReport(outcome.report, 'merged')).resolves.toHaveLength(plan.length);
  });

  it('keeps failed results as failures and counts them', () => {
    const first = shardReport(1, 2);
    const failed = first.report.map((entry, index) =>
      index === 0 ? { ...entry, dbbench: { ...entry.dbbench, status: 'failed' as const } } : entry,
    );
    const outcome = mergeShardReports([{ ...first, report: failed }, shardReport(2, 2)]);
    expect(outcome.failed).toBe(1);
  });
});
