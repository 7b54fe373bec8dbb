import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from './fixture-paths.js';

// The suites' benchmark and axis names. The docs package must render any report generically, so
// none of them may appear in its code or templates; charts, answers and display names specific to
// a suite come from the suite's declarations in the report.
const SUITE_NAMES = [
  'job',
  'seed',
  'limit',
  'queries',
  'contention',
  'chunks',
  'memory',
  'dataSize',
  'poolSize',
  'partitions',
  'strategy',
  'writer',
  'chunkSize',
  'query',
  'concurrency',
  'acquireTimeout',
];

/** The names the committed reports use (benchmarks and axes), so a new suite is covered too. */
async function reportNames(): Promise<string[]> {
  const packages = path.join(PACKAGE_DIR, '..');
  const names = new Set<string>();
  for (const name of await readdir(packages)) {
    const reports = path.join(packages, name, 'reports');
    let files: string[] = [];
    try {
      files = (await readdir(reports)).filter((file) => file.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      const results = JSON.parse(await readFile(path.join(reports, file), 'utf8')) as {
        dbbench?: { benchmarkName: string; axes: string[] };
      }[];
      for (const result of results) {
        if (!result.dbbench) continue;
        names.add(result.dbbench.benchmarkName);
        for (const axis of result.dbbench.axes) names.add(axis);
      }
    }
  }
  return [...names];
}

async function filesUnder(directory: string, keep: (file: string) => boolean): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(keep);
}

/** Code without its comments: prose may mention a benchmark, code may not. */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('the docs package knows no benchmark or axis by name', () => {
  it('has no suite benchmark or axis name in src/ (outside tests) or templates/', async () => {
    const names = [...new Set([...SUITE_NAMES, ...(await reportNames())])];
    expect(names.length).toBeGreaterThanOrEqual(SUITE_NAMES.length);
    const sources = await filesUnder(
      path.join(PACKAGE_DIR, 'src'),
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const templates = await filesUnder(path.join(PACKAGE_DIR, 'templates'), (file) => file.endsWith('.hbs'));
    expect(sources.length).toBeGreaterThan(20);
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const found: string[] = [];
    for (const file of [...sources, ...templates]) {
      const text = await readFile(file, 'utf8');
      const code = file.endsWith('.ts') ? stripComments(text) : text;
      for (const name of names) {
        if (new RegExp(`\\b${name}\\b`).test(code))
          found.push(`${path.relative(PACKAGE_DIR, file)}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('would catch one (the check itself works)', () => {
    expect(new RegExp('\\bdataSize\\b').test(stripComments("row.params['dataSize'] // dataSize"))).toBe(true);
    expect(new RegExp('\\bseed\\b').test(stripComments('// the seed strategy\nconst x = 1;'))).toBe(false);
  });
});
