import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareResult } from './compare-results.js';
import { parseReport } from './parse-report.js';
import type { DbbenchReportFile } from './report-file.js';
import { resultKey, rowFromDbbench, type ResultRow } from './result-row.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

async function rows(relative: string): Promise<Map<string, ResultRow>> {
  const report = parseReport(
    relative,
    await readFile(path.join(fixtures, relative), 'utf8'),
  ) as DbbenchReportFile;
  return new Map(report.results.map((result) => [resultKey(rowFromDbbench(result)), rowFromDbbench(result)]));
}

const REGRESSED_JOB = 'pooled.job|ss|dataSize=10000,partitions=4,poolSize=10';

describe('compareResult on fixture reports', () => {
  it('marks the job that got 20% slower as regressed and same-distribution results as "~"', async () => {
    const current = await rows('repo/packages/suite-pooled/reports/postgres.json');
    const previous = await rows('baseline/pooled-postgres-previous.json');
    const verdicts = new Map([...current].map(([key, row]) => [key, compareResult(row, previous.get(key))]));

    const regressed = verdicts.get(REGRESSED_JOB)!;
    expect(regressed.verdict).toBe('regressed');
    expect(regressed.changePercent).toBeGreaterThan(15);
    expect(regressed.changeInterval!.low).toBeGreaterThan(3);
    expect(regressed.pValue).toBeLessThan(0.05);

    for (const [key, comparison] of verdicts) {
      if (key === REGRESSED_JOB) continue;
      const failed = current.get(key)!.status === 'failed';
      expect([key, comparison.verdict]).toEqual([key, failed ? 'not comparable' : '~']);
    }
  });

  it('calls results from another server version not comparable', async () => {
    const current = await rows('repo/packages/suite-pooled/reports/postgres.json');
    const other = await rows('baseline/pooled-postgres-other-server.json');
    const comparison = compareResult(current.get(REGRESSED_JOB)!, other.get(REGRESSED_JOB));
    expect(comparison.verdict).toBe('not comparable');
    expect(comparison.reason).toContain('server version differs');
  });

  it('reads the direction: a 20% higher throughput is an improvement', async () => {
    const current = await rows('repo/packages/suite-pooled/reports/postgres.json');
    const key = 'pooled.contention|thrpt|acquireTimeout=none,concurrency=10,poolSize=10';
    const now = current.get(key)!;
    const slower: ResultRow = {
      ...now,
      primary: {
        ...now.primary,
        rawData: now.primary.rawData.map((fork) => fork.map((score) => score / 1.2)),
      },
    };
    expect(compareResult(now, slower).verdict).toBe('improved');
    expect(compareResult(slower, now).verdict).toBe('regressed');
  });

  it('says "new" when there is no previous result', async () => {
    const current = await rows('repo/packages/suite-pooled/reports/postgres.json');
    expect(compareResult(current.get(REGRESSED_JOB)!, undefined).verdict).toBe('new');
  });
});
