import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jmhReportSchema, type JmhResult } from '../report/report-schema.js';
import { compareResults } from './compare-results.js';
import { resultLabel } from './format.js';
import { identityOf, pairReports } from './report-pairs.js';

async function jmhFixture(): Promise<JmhResult[]> {
  const text = await readFile(new URL('../../test/fixtures/jmh-1.37-avgt.json', import.meta.url), 'utf8');
  return jmhReportSchema.parse(JSON.parse(text));
}

/** A copy of a result with other params, scores scaled, or another unit. */
function variant(result: JmhResult, changes: { rows?: string; scale?: number; unit?: string }): JmhResult {
  const scale = changes.scale ?? 1;
  return {
    ...result,
    params: { rows: changes.rows ?? result.params?.rows ?? '' },
    primaryMetric: {
      ...result.primaryMetric,
      scoreUnit: changes.unit ?? result.primaryMetric.scoreUnit,
      rawData: result.primaryMetric.rawData.map((fork) => fork.map((value) => value * scale)),
    },
  };
}

describe('pairReports', () => {
  it('takes identity and direction from a plain JMH result', async () => {
    const [result] = await jmhFixture();
    expect(identityOf(result!)).toEqual({
      suite: 'org.sample.JdbcBenchmark',
      benchmark: 'insertBatch',
      mode: 'avgt',
      params: { rows: '1000' },
    });
  });

  it('pairs by benchmark, mode and params, and says why an unpaired result cannot be compared', async () => {
    const [result] = await jmhFixture();
    const base = result!;
    const baseline = [base, variant(base, { rows: '10' }), variant(base, { rows: '5' })];
    const candidate = [
      variant(base, { scale: 1.5 }),
      variant(base, { rows: '10', unit: 's/op' }),
      variant(base, { rows: '100' }),
    ];
    const inputs = pairReports(baseline, candidate, { deterministicCounters: () => ['·gc.alloc.rate.norm'] });
    expect(inputs.map((input) => [input.identity.params.rows, input.unavailable])).toEqual([
      ['1000', undefined],
      ['10', 'unit changed (ms/op → s/op)'],
      ['100', 'only in the candidate'],
      ['5', 'only in the baseline'],
    ]);
    expect(inputs[0]?.higherIsBetter).toBe(false);
    expect(inputs[0]?.counters?.['·gc.alloc.rate.norm']?.baseline).toEqual(
      base.secondaryMetrics['·gc.alloc.rate.norm']?.rawData,
    );
    const comparison = compareResults({ results: inputs }, { resamples: 500 });
    // Two forks of three iterations on each side: compared at the fork level, 50% slower.
    expect(comparison.results[0]).toMatchObject({ level: 'fork', baselineSize: { forks: 2, iterations: 6 } });
    expect(comparison.results[0]?.ratio).toBeCloseTo(1.5, 12);
    expect(comparison.results.slice(1).map((entry) => entry.verdict)).toEqual([
      'not comparable',
      'not comparable',
      'not comparable',
    ]);
    expect(comparison.results[3]?.reason).toBe('only in the baseline');
  });

  it('pairs results of several databases in one list only within their database', async () => {
    const [result] = await jmhFixture();
    const on = (database: string, scale: number): JmhResult =>
      ({
        ...variant(result!, { scale }),
        dbbench: { suite: 'pooled', benchmarkName: 'insertBatch', database },
      }) as unknown as JmhResult;
    // Same benchmark and params on both engines, in the order a two-module comparison lists them.
    const baseline = [on('postgres', 1), on('mysql', 3)];
    const candidate = [on('postgres', 2), on('mysql', 3)];
    const inputs = pairReports(baseline, candidate);
    expect(inputs.map((input) => input.identity.database)).toEqual(['postgres', 'mysql']);
    expect(inputs.every((input) => input.unavailable === undefined)).toBe(true);
    const comparison = compareResults({ results: inputs }, { resamples: 200 });
    expect(comparison.results[0]?.ratio).toBeCloseTo(2, 12);
    expect(comparison.results[1]?.ratio).toBeCloseTo(1, 12);
    expect(comparison.geomeans.map((mean) => [mean.suite, mean.costRatio])).toEqual([
      ['pooled on postgres', expect.closeTo(2, 12)],
      ['pooled on mysql', expect.closeTo(1, 12)],
    ]);
    expect(resultLabel(inputs[0]!.identity)).toBe('postgres pooled/insertBatch:avgt rows=1000');
  });

  it('carries the rounds both reports recorded for their forks, and only when each fork has one', async () => {
    const [result] = await jmhFixture();
    const forks = result!.primaryMetric.rawData.length;
    const withRounds = (rounds: string[] | undefined): JmhResult =>
      ({
        ...result!,
        dbbench: { suite: 'pooled', benchmarkName: 'insertBatch', database: 'postgres', forkRounds: rounds },
      }) as unknown as JmhResult;
    const rounds = Array.from({ length: forks }, (_, index) => `run-${index}`);
    expect(pairReports([withRounds(rounds)], [withRounds(rounds)])[0]?.rounds).toEqual({
      baseline: rounds,
      candidate: rounds,
    });
    expect(pairReports([withRounds(undefined)], [withRounds(rounds)])[0]?.rounds).toBeUndefined();
    expect(pairReports([withRounds(rounds.slice(1))], [withRounds(rounds)])[0]?.rounds).toBeUndefined();
  });
});
