import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/index.js';
import { FIXTURES, fixtureRoot, removeTempDirs, tempDir } from './fixture-paths.js';
import { lintMarkdown } from './markdown-lint.js';
import { mainTableLines } from './markdown-tables.js';

afterAll(removeTempDirs);

interface Layer {
  mark: { type: string };
  encoding: { y: { field: string; scale: { type: string } } };
}
interface ChartSpec {
  title: { text: string; subtitle: string };
  background: string;
  data: { values: { score: number; low?: number; high?: number; panel?: unknown }[] };
  facet?: { column: { field: string } };
  layer?: Layer[];
  spec?: { layer: Layer[] };
}

describe('generateDocs on the fixture reports', () => {
  let root = '';
  let out = '';
  let files: readonly string[] = [];
  const page = (name: string) => readFile(path.join(out, name), 'utf8');
  const chart = async (name: string) => JSON.parse(await page(name)) as ChartSpec;

  beforeAll(async () => {
    root = await fixtureRoot();
    out = path.join(root, 'benchmark-docs');
    await mkdir(path.join(out, 'notes'), { recursive: true });
    await writeFile(
      path.join(out, 'notes', 'postgres.md'),
      '### Why COPY wins\n\nOne statement, no per-row round trip.\n',
    );
    files = (await generateDocs({ root })).written;
  });

  it('writes the hub, one page per engine, a page per JMH report, and a score chart per benchmark', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'postgres.md',
        'mysql.md',
        'jmh-java-project.md',
        'jmh-results.md',
      ]),
    );
    const charts = files
      .filter((file) => file.endsWith('.svg'))
      .map((file) => file.slice('charts/'.length, -4));
    // pooled: 5 benchmarks on two engines, reactive: 4 on one, JMH: 2 + 2.
    expect(charts.filter((name) => name.startsWith('postgres-pooled-'))).toHaveLength(5);
    expect(charts.filter((name) => name.startsWith('mysql-pooled-'))).toHaveLength(5);
    expect(charts.filter((name) => name.startsWith('postgres-reactive-'))).toHaveLength(4);
    expect(charts.filter((name) => name.startsWith('jmh-'))).toHaveLength(4);
    for (const name of charts) expect(files).toContain(`charts/${name}.vl.json`);
  });

  it('renders the expected Markdown (snapshots)', async () => {
    for (const name of ['README.md', 'postgres.md', 'mysql.md', 'jmh-java-project.md', 'jmh-results.md']) {
      await expect(await page(name)).toMatchFileSnapshot(`./__snapshots__/${name}`);
    }
  });

  it('shows a failed combination as failed with its reason under the table, never as a number', async () => {
    const postgres = await page('postgres.md');
    expect(postgres).toMatch(/^\| 10000 \| 30 \| 4 \| failed \| — \| failed \|$/m);
    expect(postgres).toContain(
      '- dataSize 10000, poolSize 30, partitions 4: verify: expected 10000 rows in target \\| found 9800 (checksum &lt;mismatch&gt;)',
    );
  });

  it('keeps main tables readable: at most 200 characters a line, no unit or direction repeated in rows', async () => {
    for (const name of ['postgres.md', 'mysql.md', 'jmh-java-project.md', 'jmh-results.md']) {
      const lines = mainTableLines(await page(name));
      expect(lines.length).toBeGreaterThan(5);
      for (const line of lines) expect([name, line.length <= 200, line]).toEqual([name, true, line]);
      expect(lines.join('\n')).not.toMatch(/\| (?:higher|lower) \||`ms\/op`|avg ms/);
    }
  });

  it('names the engine from the version string and writes byte settings in one format', async () => {
    const mysql = await page('mysql.md');
    expect(mysql.split('\n')[0]).toBe('# MariaDB 10.11 benchmark results');
    expect(mysql).not.toMatch(/MySQL/);
    expect(mysql).toContain('| `innodb_buffer_pool_size` | 128 MiB |');
    expect(mysql).toContain('| `max_allowed_packet` | 16 MiB |');
    expect(await page('postgres.md')).toContain('| `shared_buffers` | 128 MiB | 128 MiB |');
    const hub = await page('README.md');
    expect(hub).toContain('MariaDB 10.11 and PostgreSQL 15.14 servers');
    expect(hub).not.toMatch(/MySQL/);
    expect((await chart('charts/mysql-pooled-seed.vl.json')).title.text).toBe('MariaDB 10.11: pooled / seed');
  });

  it('folds secondary metrics by group, with arrows only on costs and benefits', async () => {
    const postgres = await page('postgres.md');
    expect(postgres).toContain('<summary>Secondary metrics of seed: gc, server</summary>');
    expect(postgres).toContain('| dataSize | strategy | xact\\_commit |');
    expect(postgres).toContain('| dataSize | strategy | alloc.rate.norm (KiB/op) ↓ |');
  });

  it('includes the hand-written notes and keeps them', async () => {
    expect(await page('postgres.md')).toContain('### Why COPY wins');
    expect(await readFile(path.join(out, 'notes', 'postgres.md'), 'utf8')).toContain('Why COPY wins');
  });

  it('says the numbers come from real runs and how to reproduce them', async () => {
    const postgres = await page('postgres.md');
    expect(postgres).toContain('These results come from real runs');
    expect(postgres).toContain('npx turbo run bench:postgres\nnpx turbo run docs');
    expect(postgres).toContain('| CPU | Intel(R) Xeon(R) CPU @ 2.20GHz |');
  });

  it('passes markdownlint with the committed config', async () => {
    const result = await lintMarkdown(out);
    expect(result.output).toContain('0 error(s)');
    expect(result.ok).toBe(true);
  });

  it('draws every score chart on white with error bars, no log zero, no panel that does not vary', async () => {
    const specs = files.filter((name) => name.endsWith('.vl.json'));
    expect(specs.length).toBeGreaterThan(10);
    for (const file of specs) {
      const spec = await chart(file);
      expect(spec.background).toBe('white');
      const layers = spec.layer ?? spec.spec!.layer;
      expect([file, layers.map((layer) => layer.mark.type)]).toEqual([
        file,
        [expect.stringMatching(/^(line|point)$/), 'errorbar'],
      ]);
      const values = spec.data.values;
      expect(values.every((datum) => datum.score >= 0 && (datum.low ?? 0) >= 0)).toBe(true);
      if (layers[0]!.encoding.y.scale.type === 'log') {
        expect(values.every((datum) => datum.score > 0 && (datum.low ?? 1) > 0)).toBe(true);
      }
      if (spec.facet) expect(new Set(values.map((datum) => datum.panel)).size).toBeGreaterThan(1);
      // Nearly every fixture result has an interval: the bars are really there.
      expect(values.filter((datum) => datum.low !== undefined).length).toBeGreaterThan(0);
      const svg = await page(file.replace('.vl.json', '.svg'));
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toMatch(/<rect width="\d+" height="\d+" fill="white"\/>/);
      expect(svg).not.toContain('…');
    }
  });

  it('puts the fixed axes in the subtitle, not in a panel', async () => {
    const seed = await chart('charts/postgres-pooled-seed.vl.json');
    expect(seed.facet).toBeUndefined();
    expect(seed.title.subtitle).toContain('poolSize 10');
    const job = await chart('charts/postgres-pooled-job.vl.json');
    expect(job.facet?.column.field).toBe('panel');
  });

  it('compares with --baseline: the 20% slower job regressed and is the one called change', async () => {
    const compareOut = await tempDir();
    await generateDocs({
      root,
      outDir: compareOut,
      baselineFiles: [path.join(FIXTURES, 'baseline', 'pooled-postgres-previous.json')],
    });
    const postgres = await readFile(path.join(compareOut, 'postgres.md'), 'utf8');
    const section = postgres.slice(postgres.indexOf('## Changes since the previous report'));
    const called = section.slice(section.indexOf('Changes called:'), section.indexOf('<details>'));
    const calledRows = called.split('\n').filter((line) => line.startsWith('| pooled |'));
    expect(calledRows).toHaveLength(1);
    expect(calledRows[0]).toMatch(
      /\| job \| dataSize=10000, poolSize=10, partitions=4 \|.*\| regressed( †)? \|$/,
    );
    const all = section.split('\n').filter((line) => line.startsWith('| pooled |'));
    expect(all.filter((line) => /\| ~( †)? \|$/.test(line)).length).toBe(all.length - 3);
    expect(postgres).toMatch(/not comparable: failed in (this|the previous) run/);
    expect((await lintMarkdown(compareOut)).ok).toBe(true);
  });
});

describe('generateDocs on real harness output', () => {
  it('renders a report written by `dbbench run`, lint-clean, with its charts', async () => {
    const root = await tempDir();
    const reports = path.join(root, 'packages', 'suite-pooled', 'reports');
    await mkdir(reports, { recursive: true });
    await cp(
      path.join(FIXTURES, 'harness-output', 'pooled-postgres-quick.json'),
      path.join(reports, 'postgres.json'),
    );
    const { written } = await generateDocs({ root });
    expect(written.filter((file) => file.endsWith('.svg'))).toHaveLength(3);
    const postgres = await readFile(path.join(root, 'benchmark-docs', 'postgres.md'), 'utf8');
    expect(postgres).toMatch(/\| score ± error \(µs\/op\) ↓ \| p50 \(µs\) \|/);
    expect((await lintMarkdown(path.join(root, 'benchmark-docs'))).ok).toBe(true);
    expect(await readdir(path.join(root, 'benchmark-docs'))).toEqual(['README.md', 'charts', 'postgres.md']);
  });
});

describe('a regeneration from a changed report', () => {
  /** Lines that differ between two versions of a file whose line count did not change. */
  function changedLines(before: string, after: string): number {
    const a = before.split('\n');
    const b = after.split('\n');
    expect(b.length).toBe(a.length);
    return a.filter((line, index) => line !== b[index]).length;
  }

  it('changes only the lines whose numbers changed', async () => {
    const root = await fixtureRoot({ jmh: false });
    const out = path.join(root, 'benchmark-docs');
    await generateDocs({ root });
    const before = new Map<string, string>();
    for (const name of await readdir(out, { recursive: true })) {
      if (/\.(md|svg|json)$/.test(name)) before.set(name, await readFile(path.join(out, name), 'utf8'));
    }
    // One result of one benchmark measured 10% slower in every iteration.
    const report = path.join(root, 'packages', 'suite-pooled', 'reports', 'postgres.json');
    const results = JSON.parse(await readFile(report, 'utf8')) as {
      dbbench: { benchmarkName: string };
      primaryMetric: { score: number; rawData: number[][] };
      secondaryMetrics: Record<string, { score: number; rawData: number[][] }>;
    }[];
    const changed = results.find((result) => result.dbbench.benchmarkName === 'seed')!;
    const scale = (metric: { score: number; rawData: number[][] } | undefined, factor: number): void => {
      if (metric === undefined) return;
      metric.rawData = metric.rawData.map((fork) => fork.map((value) => value * factor));
      metric.score *= factor;
    };
    scale(changed.primaryMetric, 1.1);
    scale(changed.secondaryMetrics['rows/s'], 1 / 1.1);
    await writeFile(report, JSON.stringify(results, null, 2));
    await generateDocs({ root });

    const differing: string[] = [];
    for (const [name, text] of before) {
      const now = await readFile(path.join(out, name), 'utf8');
      if (now !== text) differing.push(name);
    }
    // The page and the benchmark's own chart; every other page and chart is byte-identical.
    expect(differing.sort()).toEqual([
      'charts/postgres-pooled-seed.svg',
      'charts/postgres-pooled-seed.vl.json',
      'postgres.md',
    ]);
    expect(
      changedLines(before.get('postgres.md')!, await readFile(path.join(out, 'postgres.md'), 'utf8')),
    ).toBeLessThanOrEqual(4);
    const spec = 'charts/postgres-pooled-seed.vl.json';
    expect(changedLines(before.get(spec)!, await readFile(path.join(out, spec), 'utf8'))).toBeLessThanOrEqual(
      3,
    );
    const svg = 'charts/postgres-pooled-seed.svg';
    const svgBefore = before.get(svg)!;
    const svgChanged = changedLines(svgBefore, await readFile(path.join(out, svg), 'utf8'));
    expect(svgChanged).toBeGreaterThan(0);
    expect(svgChanged).toBeLessThan(svgBefore.split('\n').length / 4);
  });
});
