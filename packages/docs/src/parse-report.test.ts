import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocsError } from './docs-error.js';
import { formatJsonPath, parseReport } from './parse-report.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const read = (relative: string) => readFile(path.join(fixtures, relative), 'utf8');

describe('parseReport', () => {
  it('reads a dbbench report with its suite and database', async () => {
    const report = parseReport(
      'postgres.json',
      await read('repo/packages/suite-pooled/reports/postgres.json'),
    );
    expect(report.kind).toBe('dbbench');
    if (report.kind !== 'dbbench') return;
    expect(report.suite).toBe('pooled');
    expect(report.database).toBe('postgres');
    expect(report.results.some((result) => result.dbbench.status === 'failed')).toBe(true);
  });

  it('reads plain JMH JSON from a Java project', async () => {
    const report = parseReport('java-project.json', await read('jmh/java-project.json'));
    expect(report).toMatchObject({ kind: 'jmh', name: 'java-project' });
    expect(report.results).toHaveLength(3);
  });

  it('names the file and says the JSON is truncated', async () => {
    const text = await read('malformed/truncated/packages/suite-pooled/reports/postgres.json');
    expect(() => parseReport('reports/postgres.json', text)).toThrow(DocsError);
    expect(() => parseReport('reports/postgres.json', text)).toThrow(
      /^reports\/postgres\.json is not valid JSON .*truncated/,
    );
  });

  it('names the JSON path and the expectation of a wrong value', async () => {
    const text = await read('malformed/wrong-type/packages/suite-pooled/reports/postgres.json');
    let message = '';
    try {
      parseReport('reports/postgres.json', text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('reports/postgres.json is not a valid report');
    expect(message).toContain('at $[1].primaryMetric.score: expected number or "NaN", got "fast"');
  });

  it('rejects a report mixing databases', async () => {
    const results = JSON.parse(await read('repo/packages/suite-pooled/reports/postgres.json')) as {
      dbbench: { database: string };
    }[];
    results[2]!.dbbench.database = 'mysql';
    expect(() => parseReport('mixed.json', JSON.stringify(results))).toThrow(
      /at \$\[2\]\.dbbench\.database: expected "postgres"/,
    );
  });

  it('rejects JSON that is not an array', () => {
    expect(() => parseReport('object.json', '{"benchmark": "x"}')).toThrow(
      /at \$: expected an array of JMH results/,
    );
  });

  it('formats paths with odd keys', () => {
    expect(formatJsonPath([0, 'secondaryMetrics', 'rows/s', 'score'])).toBe(
      '$[0].secondaryMetrics["rows/s"].score',
    );
  });
});

describe('parseReport on real harness output', () => {
  // Written by `dbbench run` (limit, queries, contention; short iterations) against the local
  // PostgreSQL: guards against the harness's report drifting from what the docs read.
  it('accepts a report the harness wrote', async () => {
    const report = parseReport('postgres.json', await read('harness-output/pooled-postgres-quick.json'));
    expect(report.kind).toBe('dbbench');
    if (report.kind !== 'dbbench') return;
    expect(new Set(report.results.map((result) => result.dbbench.benchmarkName))).toEqual(
      new Set(['limit', 'queries', 'contention']),
    );
  });
});
