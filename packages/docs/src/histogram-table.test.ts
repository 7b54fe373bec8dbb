import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  combineHistograms,
  histogramSummaryRecord,
  LatencyHistogram,
  redactCredentials,
  summarizeHistogram,
} from '@dbbench/harness';
import type { DbbenchResult } from '@dbbench/harness/report';
import { DocsError } from './docs-error.js';
import { axisLayout } from './axis-layout.js';
import { HISTOGRAM_TABLE_TITLE, histogramTable } from './histogram-table.js';
import { rowFromDbbench } from './result-row.js';
import { parseReport } from './parse-report.js';
import { renderDocs } from './render-docs.js';
import { lintMarkdown } from '../test/markdown-lint.js';

/** An iteration's histogram: `count` latencies of `ms` for each `[ms, count]`. */
function encoded(...latencies: readonly (readonly [ms: number, count: number])[]): string {
  const histogram = new LatencyHistogram();
  for (const [ms, count] of latencies) for (let index = 0; index < count; index += 1) histogram.record(ms);
  return histogram.encode();
}

/**
 * One result of the `demo` suite on postgres. Latencies below 2.048 ms are kept to the µs, so every
 * percentile below is exact: `rate` 100 has 1,000 requests (900 of 0.5 ms, then 90 of 1.2, 9 of 1.5
 * and one of 1.9), `rate` 200 has 1,000 (500 of 0.25, 480 of 0.8, 19 of 1.75, one of 2).
 */
function result(benchmark: string, rate: string, forks?: string[][]): DbbenchResult {
  const histograms = forks === undefined ? {} : { histograms: { latency: { unit: 'ms' as const, forks } } };
  const summaries =
    forks === undefined
      ? {}
      : {
          histogramSummaries: {
            latency: histogramSummaryRecord(summarizeHistogram(combineHistograms(forks.flat()))),
          },
        };
  return {
    jmhVersion: '0.1.0',
    benchmark: `demo.${benchmark}`,
    mode: 'avgt',
    threads: 1,
    forks: 2,
    warmupIterations: 1,
    warmupTime: '1 s',
    warmupBatchSize: 1,
    measurementIterations: 2,
    measurementTime: '1 s',
    measurementBatchSize: 1,
    params: { rate, poolSize: '10' },
    primaryMetric: {
      score: 1,
      scoreError: 0.1,
      scoreConfidence: [0.9, 1.1],
      scorePercentiles: { '0.0': 1, '100.0': 1 },
      scoreUnit: 'ms/op',
      rawData: [
        [1, 1],
        [1, 1],
      ],
    },
    secondaryMetrics: {},
    dbbench: {
      harnessVersion: '0.1.0',
      suite: 'demo',
      database: 'postgres',
      benchmarkName: benchmark,
      description: `${benchmark} requests`,
      axes: ['rate', 'poolSize'],
      profile: 'default',
      status: 'ok',
      failures: [],
      higherIsBetter: false,
      secondaryHigherIsBetter: {},
      environment: { node: 'v20', v8: '11', os: 'linux', cpuModel: 'cpu', cores: 2, memoryBytes: 1 },
      git: { commit: 'abc', dirty: false },
      finishedAt: '2025-01-01T00:00:00.000Z',
      runInfo: {},
      ...histograms,
      ...summaries,
    },
  };
}

const report: DbbenchResult[] = [
  result('open', '200', [
    [encoded([0.25, 250], [0.8, 240]), encoded([0.25, 250], [0.8, 240])],
    [encoded([1.75, 19], [2, 1])],
  ]),
  result('open', '100', [
    [encoded([0.5, 450]), encoded([0.5, 450])],
    [encoded([1.2, 90], [1.5, 9]), encoded([1.9, 1])],
  ]),
  result('closed', '100'),
  result('closed', '200'),
];

const created: string[] = [];
afterAll(async () => {
  for (const directory of created) await rm(directory, { recursive: true, force: true });
});

/** The message parseReport throws for a report (fails the test unless it is a one-line DocsError). */
function refusal(results: readonly DbbenchResult[]): string {
  try {
    parseReport('packages/demo/reports/postgres.json', JSON.stringify(results));
  } catch (error) {
    expect(error).toBeInstanceOf(DocsError);
    const message = (error as DocsError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected parseReport to refuse the report');
}

describe('the latency distributions table', () => {
  it('shows every result with histograms, computed from the encodings, under its benchmark', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dbbench-docs-histograms-'));
    created.push(root);
    await mkdir(path.join(root, 'packages', 'demo', 'reports'), { recursive: true });
    await writeFile(path.join(root, 'packages', 'demo', 'reports', 'postgres.json'), JSON.stringify(report));
    const page = (await renderDocs({ root })).get('postgres.md') ?? '';
    const open = page.slice(page.indexOf('open'));
    expect(open).toContain(
      [
        '<details>',
        `<summary>${HISTOGRAM_TABLE_TITLE}</summary>`,
        '',
        '| rate | requests | p50 (ms) | p90 (ms) | p99 (ms) | p99.9 (ms) | p99.99 (ms) | max (ms) |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        '| 100 | 1,000 | 0.5 | 0.5 | 1.2 | 1.5 | 1.9 | 1.9 |',
        '| 200 | 1,000 | 0.25 | 0.8 | 1.75 | 1.75 | 2 | 2 |',
        '',
        '</details>',
      ].join('\n'),
    );
    // Only the benchmark that recorded histograms has the table.
    expect(page.split(HISTOGRAM_TABLE_TITLE)).toHaveLength(2);
    const out = path.join(root, 'out');
    await mkdir(out);
    await writeFile(path.join(out, 'postgres.md'), page);
    const lint = await lintMarkdown(out);
    expect(lint.output).toContain('0 error(s)');
    expect(lint.ok).toBe(true);
  });

  it('names the distribution in a column when a benchmark records more than one', () => {
    const [first] = report;
    const twoNames = {
      ...first!,
      dbbench: {
        ...first!.dbbench,
        histograms: {
          ...first!.dbbench.histograms,
          queueing: { unit: 'ms' as const, forks: [[encoded([3, 2])]] },
        },
        histogramSummaries: {
          ...first!.dbbench.histogramSummaries,
          queueing: histogramSummaryRecord(summarizeHistogram(combineHistograms([encoded([3, 2])]))),
        },
      },
    };
    const rows = [rowFromDbbench(twoNames)];
    const table = histogramTable(rows, axisLayout(rows))?.table;
    expect(table?.header.slice(0, 3)).toEqual(['histogram', 'requests', 'p50 (ms)']);
    expect(table?.rows.map((row) => row.slice(0, 3))).toEqual([
      ['latency', '1,000', '0.25'],
      ['queueing', '2', '3'],
    ]);
    expect(histogramTable([rowFromDbbench(report[2]!)], axisLayout(rows))).toBeNull();
  });

  it('reads an encoding whose end looks like `name=value` to credential redaction', () => {
    const histogram = new LatencyHistogram();
    for (let index = 1; index <= 66; index += 1) histogram.record(index * 0.43);
    const tricky = histogram.encode();
    expect(redactCredentials(tricky)).not.toBe(tricky);
    const parsed = parseReport('postgres.json', JSON.stringify([result('open', '100', [[tricky]])]));
    expect(parsed.kind === 'dbbench' && parsed.results[0]?.dbbench.histograms).toEqual({
      latency: { unit: 'ms', forks: [[tricky]] },
    });
  });

  it('refuses, in one line naming the file and result, an encoding that does not decode', () => {
    const broken = structuredClone(report);
    broken[1]!.dbbench.histograms!['latency']!.forks[1]![0] = 'SElTVEZBQUFBQ';
    expect(refusal(broken)).toMatch(
      /^packages\/demo\/reports\/postgres\.json: result \$\[1\] \(demo\.open avgt poolSize=10, rate=100\) has a malformed histogram at \$\[1\]\.dbbench\.histograms\.latency\.forks\[1\]\[0\]: not an encoded HDR histogram .*; re-run the benchmark that wrote it; nothing was written\.$/,
    );
  });

  it('refuses a stored summary that disagrees with the encodings, or names other histograms', () => {
    const edited = structuredClone(report);
    const summary = edited[0]!.dbbench.histogramSummaries!['latency']!;
    edited[0]!.dbbench.histogramSummaries!['latency'] = {
      ...summary,
      percentiles: { ...summary.percentiles, '99': 1.7 },
    };
    expect(refusal(edited)).toMatch(
      /: result \$\[0\] \(demo\.open avgt poolSize=10, rate=200\) has a summary of "latency" that disagrees with its encodings \(percentile 99: 1\.7, its encodings 1\.75\);/,
    );
    const recounted = structuredClone(report);
    recounted[0]!.dbbench.histogramSummaries!['latency'] = { ...summary, count: 999 };
    expect(refusal(recounted)).toContain('(count 999, its encodings 1000)');
    const unsummarised = structuredClone(report);
    delete unsummarised[0]!.dbbench.histogramSummaries;
    expect(refusal(unsummarised)).toContain('has histograms of latency but summaries of none');
  });
});
