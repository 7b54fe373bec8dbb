import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUserError } from '../define/errors.js';
import { mergeResults, readReport, readReportIfExists, resultKey, writeReportAtomic } from './report-io.js';
import type { DbbenchResult } from './report-schema.js';
import { reportResult } from '../../test/fixtures/report-result.js';
import { histogramSummaryRecord } from './result-histograms.js';
import { combineHistograms, LatencyHistogram, summarizeHistogram } from '../stats/histogram.js';

function result(params: Record<string, string>, score: number): DbbenchResult {
  return reportResult(score, { result: { params } });
}

describe('report files', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-report-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('round-trips a report through write and read, leaving no temp files', async () => {
    const path = join(directory, 'nested', 'postgres.json');
    const report = [result({ dataSize: '1000' }, 1.5), result({ dataSize: '10000' }, 12)];
    await writeReportAtomic(path, report);
    expect(await readReport(path)).toEqual(report);
    expect(await readdir(join(directory, 'nested'))).toEqual(['postgres.json']);
    expect((await readFile(path, 'utf8')).endsWith(']\n')).toBe(true);
  });

  it('names the file, the JSON path and the expectation when a report is invalid', async () => {
    const path = join(directory, 'bad.json');
    const broken = JSON.parse(JSON.stringify([result({}, 1)])) as Record<string, unknown>[];
    (broken[0] as { primaryMetric: { score: unknown } }).primaryMetric.score = 'fast';
    await writeFile(path, JSON.stringify(broken));
    const error = await readReport(path).catch((caught: unknown) => caught);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toContain('[0].primaryMetric.score');
  });

  it('round-trips histograms and their summaries, and names a malformed one', async () => {
    const histogram = new LatencyHistogram();
    for (const latency of [0.5, 1, 2]) histogram.record(latency);
    const forks = [[histogram.encode()], [histogram.encode(), histogram.encode()]];
    const summary = histogramSummaryRecord(summarizeHistogram(combineHistograms(forks.flat())));
    const withHistograms = reportResult(1, {
      dbbench: { histograms: { latency: { unit: 'ms', forks } }, histogramSummaries: { latency: summary } },
    });
    const path = join(directory, 'histograms.json');
    await writeReportAtomic(path, [withHistograms]);
    expect(await readReport(path)).toEqual([withHistograms]);

    const broken = JSON.parse(JSON.stringify([withHistograms])) as DbbenchResult[];
    (broken[0]?.dbbench.histograms?.['latency']?.forks[1] as unknown[])[0] = 42;
    await writeFile(path, JSON.stringify(broken));
    await expect(readReport(path)).rejects.toThrow('[0].dbbench.histograms.latency.forks[1][0]');
  });

  it('rejects invalid JSON and missing files with user errors', async () => {
    const path = join(directory, 'truncated.json');
    await writeFile(path, '[{"jmhVersion":');
    await expect(readReport(path)).rejects.toThrow(/not valid JSON/);
    await expect(readReport(join(directory, 'none.json'))).rejects.toThrow(/does not exist/);
    expect(await readReportIfExists(join(directory, 'none.json'))).toBeUndefined();
  });

  it('refuses to write an invalid report', async () => {
    const bad = [{ ...result({}, 1), threads: 'one' }] as unknown as DbbenchResult[];
    await expect(writeReportAtomic(join(directory, 'x.json'), bad)).rejects.toThrow(/threads/);
  });

  it('merges by benchmark, mode and params, replacing in place', () => {
    const first = result({ dataSize: '1000', poolSize: '10' }, 1);
    const second = result({ dataSize: '10000', poolSize: '10' }, 2);
    const replacement = result({ poolSize: '10', dataSize: '1000' }, 3);
    const merged = mergeResults([first, second], [replacement, result({ dataSize: '5' }, 4)]);
    expect(merged.map((entry) => entry.primaryMetric.score)).toEqual([3, 2, 4]);
    expect(resultKey(first)).toBe(resultKey(replacement));
  });
});
