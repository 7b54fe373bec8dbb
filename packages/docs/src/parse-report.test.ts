import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocsError } from './docs-error.js';
import { iterationMeans } from './jmh-histogram.js';
import { formatJsonPath } from './json-path.js';
import { parseReport } from './parse-report.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const read = (relative: string) => readFile(path.join(fixtures, relative), 'utf8');
const POOLED = 'repo/packages/suite-pooled/reports/postgres.json';

/** The message parseReport throws for `text` (fails the test when it does not throw a DocsError). */
function failure(text: string): string {
  try {
    parseReport('reports/postgres.json', text);
  } catch (error) {
    expect(error).toBeInstanceOf(DocsError);
    const message = (error as DocsError).message;
    // A user error is at most three lines and never a stack trace.
    expect(message.split('\n').length).toBeLessThanOrEqual(3);
    expect(message).not.toMatch(/\n\s+at /);
    return message;
  }
  throw new Error('expected parseReport to throw');
}

/** A result as the tests edit it: the fields they touch, loosely typed. */
interface EditableResult {
  primaryMetric: Record<string, unknown>;
  dbbench: Record<string, unknown>;
}

async function pooledWith(change: (results: EditableResult[]) => void): Promise<string> {
  const results = JSON.parse(await read(POOLED)) as EditableResult[];
  change(results);
  return JSON.stringify(results);
}

describe('parseReport', () => {
  it('reads a dbbench report with its suite and database', async () => {
    const report = parseReport('postgres.json', await read(POOLED));
    expect(report.kind).toBe('dbbench');
    if (report.kind !== 'dbbench') return;
    expect(report.suite).toBe('pooled');
    expect(report.database).toBe('postgres');
    expect(report.results.some((result) => result.dbbench.status === 'failed')).toBe(true);
  });

  it('reads plain JMH JSON from a Java project', async () => {
    const report = parseReport('java-project.json', await read('jmh/java-project.json'));
    expect(report.kind).toBe('jmh');
    expect(report.results).toHaveLength(3);
  });

  it('reads JMH sample mode: iteration scores are the means of the rawDataHistogram iterations', async () => {
    const text = await read('jmh/java-sample/results.json');
    const raw = JSON.parse(text) as { primaryMetric: { rawDataHistogram: [number, number][][][] } }[];
    expect(Object.keys(raw[0]!.primaryMetric)).not.toContain('rawData');
    const report = parseReport('results.json', text);
    expect(report.kind).toBe('jmh');
    const first = report.results[0]!;
    const histogram = raw[0]!.primaryMetric.rawDataHistogram;
    expect(first.primaryMetric.rawData).toEqual(iterationMeans(histogram));
    // 2 forks × 3 iterations, each mean close to the overall score.
    expect(first.primaryMetric.rawData.map((fork) => fork.length)).toEqual([3, 3]);
    const score = first.primaryMetric.score as number;
    for (const value of first.primaryMetric.rawData.flat()) expect(value / score).toBeGreaterThan(0.7);
  });

  it('weights each histogram value by its count', () => {
    expect(
      iterationMeans([
        [
          [
            [1, 3],
            [5, 1],
          ],
          [],
        ],
      ]),
    ).toEqual([[2]]);
  });

  it('names the file and says the JSON is truncated', async () => {
    const message = failure(await read('malformed/truncated/packages/suite-pooled/reports/postgres.json'));
    expect(message).toMatch(/^reports\/postgres\.json is not valid JSON .*\n.*truncated/);
  });

  it('names the JSON path and the expectation of a wrong value', async () => {
    const message = failure(await read('malformed/wrong-type/packages/suite-pooled/reports/postgres.json'));
    expect(message).toContain(
      'reports/postgres.json is not a valid report at $[1].primaryMetric.score: expected number or "NaN", got "fast"',
    );
  });

  it('rejects an empty report', () => {
    expect(failure('[]')).toContain('at $: an empty array: the report holds no result');
    expect(failure('  [ ]\n')).toContain('an empty array');
  });

  it('rejects a negative score, a negative error and a non-finite number', async () => {
    expect(
      failure(
        await pooledWith((results) => {
          results[3]!.primaryMetric['score'] = -5;
        }),
      ),
    ).toContain('at $[3].primaryMetric.score: a negative score (-5)');
    expect(
      failure(
        await pooledWith((results) => {
          results[0]!.primaryMetric['scoreError'] = -0.5;
        }),
      ),
    ).toContain('at $[0].primaryMetric.scoreError: a negative error');
    const huge = (await read(POOLED)).replace(/"score": [\d.]+/, '"score": 1e999');
    expect(failure(huge)).toContain('at $[0].primaryMetric.score: a number too large to be finite');
  });

  it('accepts "NaN" only where a result failed', async () => {
    const message = failure(
      await pooledWith((results) => {
        results[0]!.primaryMetric['score'] = 'NaN';
      }),
    );
    expect(message).toContain('at $[0].primaryMetric.score: a result that did not fail needs a score');
  });

  it('rejects the same combination twice, naming both', async () => {
    const message = failure(
      await pooledWith((results) => {
        results.push(structuredClone(results[1]!));
      }),
    );
    expect(message).toMatch(
      /at \$\[23\]: repeats \$\[1\] \(pooled\.seed ss dataSize=1000, poolSize=10, strategy=multiRow\)/,
    );
  });

  it('rejects a malformed histogram with its path', () => {
    const text = JSON.stringify([
      {
        jmhVersion: '1.37',
        benchmark: 'a.B.c',
        mode: 'sample',
        threads: 1,
        forks: 1,
        warmupIterations: 1,
        warmupTime: '1 s',
        warmupBatchSize: 1,
        measurementIterations: 1,
        measurementTime: '1 s',
        measurementBatchSize: 1,
        primaryMetric: {
          score: 1,
          scoreError: 'NaN',
          scoreConfidence: ['NaN', 'NaN'],
          scorePercentiles: {},
          scoreUnit: 'us/op',
          rawDataHistogram: [[[[1, 2], [3]]]],
        },
        secondaryMetrics: {},
      },
    ]);
    expect(failure(text)).toContain(
      'at $[0].primaryMetric.rawDataHistogram[0][0][1]: expected a [value, count] pair',
    );
  });

  it('rejects a report mixing databases', async () => {
    const message = failure(
      await pooledWith((results) => {
        results[2]!.dbbench['database'] = 'mysql';
      }),
    );
    expect(message).toMatch(/at \$\[2\]\.dbbench\.database: expected "postgres"/);
  });

  it('rejects JSON that is not an array', () => {
    expect(failure('{"benchmark": "x"}')).toMatch(/at \$: expected an array of JMH results/);
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
    expect(new Set(report.results.map((result) => result.dbbench.benchmarkName)).size).toBe(3);
  });
});
