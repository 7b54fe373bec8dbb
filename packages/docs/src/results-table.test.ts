import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MarkdownTable } from './markdown-table.js';
import { parseReport } from './parse-report.js';
import { reportRows } from './report-rows.js';
import { benchmarkTables, MAX_MAIN_COLUMNS } from './results-table.js';
import type { ResultRow } from './result-row.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

async function rowsOf(relative: string): Promise<ResultRow[]> {
  return reportRows(parseReport(relative, await readFile(path.join(fixtures, relative), 'utf8')));
}

function byBenchmark(rows: readonly ResultRow[]): Map<string, ResultRow[]> {
  const groups = new Map<string, ResultRow[]>();
  for (const row of rows) groups.set(row.benchmark, [...(groups.get(row.benchmark) ?? []), row]);
  return groups;
}

const headerText = (table: MarkdownTable) =>
  table.header.map((cell) => (typeof cell === 'string' ? cell : cell.markdown));
const TIME_UNIT = /\((ns|µs|ms|s)(?:\/op)?\)/;

describe('benchmarkTables', () => {
  const reports = [
    'repo/packages/suite-pooled/reports/postgres.json',
    'repo/packages/suite-reactive/reports/postgres.json',
    'harness-output/pooled-postgres-quick.json',
    'jmh/java-sample/results.json',
    'jmh/java-project.json',
  ];

  it(`keeps every main table within ${MAX_MAIN_COLUMNS} columns, and every table to one time unit`, async () => {
    for (const report of reports) {
      for (const [name, rows] of byBenchmark(await rowsOf(report))) {
        const tables = benchmarkTables(rows);
        expect([report, name, tables.table.header.length <= MAX_MAIN_COLUMNS]).toEqual([report, name, true]);
        for (const table of [tables.table, ...tables.secondary.map((group) => group.table)]) {
          const units = new Set(headerText(table).flatMap((header) => TIME_UNIT.exec(header)?.[1] ?? []));
          expect([report, name, [...units].length <= 1]).toEqual([report, name, true]);
        }
      }
    }
  });

  it('names fixed axes once, shows varying ones as columns, the unit and direction in the header', async () => {
    const seed = byBenchmark(await rowsOf(reports[0]!)).get('seed')!;
    const tables = benchmarkTables(seed);
    expect(tables.fixedAxes).toBe('poolSize 10');
    expect(headerText(tables.table)).toEqual([
      'dataSize',
      'strategy',
      'score ± error (ms/op) ↓',
      'rows/s ↑',
      'status',
    ]);
    expect(tables.table.rows[0]).toEqual([
      '1000',
      'copy',
      expect.stringMatching(/^[\d.]+ ± [\d.]+$/),
      expect.any(String),
      'ok',
    ]);
  });

  it('shows sampled percentiles in the score’s unit, and never repeats the score as an average', async () => {
    const queries = (await rowsOf(reports[2]!)).filter((row) => row.mode === 'sample');
    const header = headerText(benchmarkTables(queries).table);
    expect(header.filter((cell) => /^p[\d.]+ \(µs\)$/.test(cell)).length).toBeGreaterThanOrEqual(3);
    expect(header.some((cell) => /^score ± error \(µs\/op\)/.test(cell))).toBe(true);
    expect(header.join(' ')).not.toMatch(/avg/);
  });

  it('groups secondary metrics by prefix, with arrows only on costs and benefits, none on server workload', async () => {
    const seed = byBenchmark(await rowsOf(reports[0]!)).get('seed')!;
    const groups = benchmarkTables(seed).secondary;
    expect(groups.map((group) => group.group)).toEqual(['gc', 'server']);
    expect(headerText(groups[0]!.table)).toContain('alloc.rate.norm (KiB/op) ↓');
    // The fixture declares server.xact_commit lower-is-better, as the harness writes every
    // undeclared direction; a workload counter still gets no arrow.
    expect(seed[0]!.secondaryHigherIsBetter['server.xact_commit']).toBe(false);
    expect(headerText(groups[1]!.table)).toContain('xact_commit');
  });

  it('leaves a metric that repeats the score out, and says which combination failed and why', async () => {
    const rows = await rowsOf(reports[0]!);
    const contention = rows.filter((row) => row.mode === 'thrpt');
    const all = benchmarkTables(contention).secondary.flatMap((group) => headerText(group.table));
    expect(all.some((header) => header.startsWith('requests/s'))).toBe(false);
    const failing = [...byBenchmark(rows).values()].find((group) =>
      group.some((row) => row.status === 'failed'),
    )!;
    const tables = benchmarkTables(failing);
    expect(tables.failures).toEqual([
      'dataSize 10000, poolSize 30, partitions 4: verify: expected 10000 rows in target | found 9800 (checksum <mismatch>)',
    ]);
    expect(tables.table.rows.find((row) => row.includes('failed'))).toContain('—');
  });

  it('shows one time unit per table whatever the profilers recorded', async () => {
    const rows = await rowsOf(reports[0]!);
    const job = byBenchmark(rows).get('job')!;
    const pool = benchmarkTables(job).secondary.find((group) => group.group === 'pool')!;
    // Recorded in ms (0.05 ms): shown as µs, one unit for the whole table.
    expect(headerText(pool.table)).toContain('acquireWait.p95 (µs) ↓');
  });
});
