import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsError, generateDocs } from '../src/index.js';
import { FIXTURES, fixtureRoot, removeTempDirs, tempDir } from './fixture-paths.js';

afterAll(removeTempDirs);
import { lintMarkdown } from './markdown-lint.js';

describe('generateDocs on the fixture reports', () => {
  let root = '';
  let out = '';
  let files: string[] = [];
  const page = (name: string) => readFile(path.join(out, name), 'utf8');

  beforeAll(async () => {
    root = await fixtureRoot();
    out = path.join(root, 'benchmark-docs');
    await mkdir(path.join(out, 'notes'), { recursive: true });
    await writeFile(
      path.join(out, 'notes', 'postgres.md'),
      '### Why COPY wins\n\nOne statement, no per-row round trip.\n',
    );
    files = await generateDocs({ root, outDir: out });
  });

  it('writes the hub, one page per engine, the JMH page and every chart', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'postgres.md', 'mysql.md', 'jmh-java-project.md']),
    );
    for (const chart of [
      'postgres-job-throughput',
      'postgres-seed-rows',
      'postgres-contention-acquire-wait',
      'postgres-contention-success-rate',
      'postgres-query-latency',
      'postgres-memory-peak',
    ]) {
      expect(files).toContain(`charts/${chart}.svg`);
      expect(files).toContain(`charts/${chart}.vl.json`);
    }
  });

  it('renders the expected Markdown (snapshots)', async () => {
    for (const name of ['README.md', 'postgres.md', 'mysql.md', 'jmh-java-project.md']) {
      await expect(await page(name)).toMatchFileSnapshot(`./__snapshots__/${name}`);
    }
  });

  it('shows a failed combination as failed with its reason, never as a number', async () => {
    const postgres = await page('postgres.md');
    const failedRow = postgres.split('\n').find((line) => line.startsWith('| 10000 | 30 | 4 | failed |'));
    expect(failedRow).toBeDefined();
    expect(failedRow).toContain(
      'failed: verify: expected 10000 rows in target \\| found 9800 (checksum &lt;mismatch&gt;)',
    );
  });

  it('takes the reactive efficiency from the pooled limit and says so', async () => {
    const postgres = await page('postgres.md');
    expect(postgres).toContain(
      'the reactive suite has no limit benchmark, so the limit comes from the pooled suite',
    );
    expect(await page('README.md')).toMatch(/\| PostgreSQL \| reactive \| 10000 \| 30 \| 4 \|/);
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

  it('renders the plain JMH report as generic tables', async () => {
    const jmh = await page('jmh-java-project.md');
    expect(jmh).toContain('`org.example.jdbc.BatchInsertBenchmark.insertBatch`');
    expect(jmh).toMatch(/\| batchSize \| score ± error \| unit \| better \|/);
    expect(jmh).toContain('| 21.0.5 |');
  });

  it('passes markdownlint with the committed config', async () => {
    const result = await lintMarkdown(out);
    expect(result.output).toContain('0 error(s)');
    expect(result.ok).toBe(true);
  });

  it('renders SVG charts on white, with no zero on a log axis', async () => {
    for (const file of files.filter((name) => name.endsWith('.vl.json'))) {
      const spec = JSON.parse(await page(file)) as {
        background: string;
        data: { values: Record<string, unknown>[] };
        encoding?: { y: { field: string; scale: { type: string } } };
        spec?: { encoding: { y: { field: string; scale: { type: string } } } };
      };
      expect(spec.background).toBe('white');
      const y = (spec.encoding ?? spec.spec!.encoding).y;
      if (y.scale.type === 'log') {
        expect(spec.data.values.every((datum) => (datum[y.field] as number) > 0)).toBe(true);
      }
      const svg = await page(file.replace('.vl.json', '.svg'));
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toMatch(/<rect width="\d+" height="\d+" fill="white"\/>/);
    }
  });

  it('labels lines plainly, with dashed-line legends, distinct hues and no cut-off label', async () => {
    const spec = async (name: string) =>
      JSON.parse(await page(`charts/${name}.vl.json`)) as {
        title: { text: string; subtitle?: string };
        data: { values: Record<string, string | number>[] };
        spec?: { encoding: Record<string, { type?: string; legend?: { symbolType: string } }> };
        encoding?: Record<string, { type?: string; legend?: { symbolType: string } }>;
      };
    const values = (chart: Awaited<ReturnType<typeof spec>>, field: string) =>
      [...new Set(chart.data.values.map((datum) => datum[field]))].sort();

    const job = await spec('postgres-job-throughput');
    const jobEncoding = job.spec!.encoding;
    expect(values(job, 'series')).toEqual([
      'pooled',
      'reactive · chunkSize 100',
      'reactive · chunkSize 1000',
    ]);
    expect(jobEncoding['strokeDash']?.legend?.symbolType).toBe('stroke');
    expect(jobEncoding['color']?.type).toBe('ordinal');

    const seed = await spec('postgres-seed-rows');
    expect(values(seed, 'strategy')).toEqual([
      'pooled · copy',
      'pooled · multiRow',
      'pooled · rowByRow',
      'reactive',
    ]);
    expect(seed.spec!.encoding['color']?.type).toBe('nominal');

    // One suite: no dash legend, the suite is named under the title instead.
    const latency = await spec('postgres-query-latency');
    expect(latency.spec!.encoding['strokeDash']).toBeUndefined();
    expect(latency.title.subtitle).toBe('pooled suite');
    expect(await page('postgres.md')).toContain('one panel per pool size. From the pooled suite.');

    for (const file of files.filter((name) => name.endsWith('.svg'))) {
      expect(await page(file), file).not.toContain('…');
    }
  });

  it('calls the connections column "new connections" and says what it counts', async () => {
    const postgres = await page('postgres.md');
    expect(postgres).toContain('| new connections ↓ |');
    expect(postgres).not.toContain('connections opened');
    expect(postgres).toContain('0 means the pool was already warm');
  });

  it('compares with --baseline: the 20% slower job regressed, the rest is "~"', async () => {
    const compareOut = await tempDir();
    await generateDocs({
      root,
      outDir: compareOut,
      baselineFiles: [path.join(FIXTURES, 'baseline', 'pooled-postgres-previous.json')],
    });
    const postgres = await readFile(path.join(compareOut, 'postgres.md'), 'utf8');
    const section = postgres.slice(postgres.indexOf('## Changes since the previous report'));
    const rows = section.split('\n').filter((line) => line.startsWith('| pooled |'));
    const regressed = rows.filter((line) => line.endsWith('| regressed |'));
    expect(regressed).toHaveLength(1);
    expect(regressed[0]).toContain('| job | dataSize=10000, poolSize=10, partitions=4 |');
    expect(rows.filter((line) => line.endsWith('| ~ |')).length).toBe(rows.length - 2);
    expect(postgres).toContain('not comparable (failed in this run)');
    expect((await lintMarkdown(compareOut)).ok).toBe(true);
  });
});

describe('generateDocs failures and empty input', () => {
  it('writes nothing when a report is truncated, and names the file', async () => {
    const root = await tempDir();
    await cp(path.join(FIXTURES, 'malformed', 'truncated'), root, { recursive: true });
    const out = path.join(root, 'benchmark-docs');
    await mkdir(out);
    await writeFile(path.join(out, 'README.md'), 'previous docs\n');
    const failure = generateDocs({ root, outDir: out });
    await expect(failure).rejects.toBeInstanceOf(DocsError);
    await expect(failure).rejects.toThrow('packages/suite-pooled/reports/postgres.json is not valid JSON');
    expect(await readdir(out)).toEqual(['README.md']);
    expect(await readFile(path.join(out, 'README.md'), 'utf8')).toBe('previous docs\n');
  });

  it('writes a hub saying there are no reports yet, and removes stale pages', async () => {
    const root = await tempDir();
    const out = path.join(root, 'benchmark-docs');
    await mkdir(path.join(out, 'charts'), { recursive: true });
    await writeFile(path.join(out, 'postgres.md'), 'stale\n');
    await writeFile(path.join(out, 'charts', 'old.svg'), '<svg/>\n');
    expect(await generateDocs({ root, outDir: out })).toEqual(['README.md']);
    expect(await readdir(out)).toEqual(['README.md']);
    const hub = await readFile(path.join(out, 'README.md'), 'utf8');
    expect(hub).toContain('## No reports yet');
    expect(hub).toContain('npx turbo run bench:mysql');
    expect((await lintMarkdown(out)).ok).toBe(true);
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
    const out = path.join(root, 'benchmark-docs');
    const files = await generateDocs({ root, outDir: out });
    expect(files).toEqual(
      expect.arrayContaining([
        'postgres.md',
        'charts/postgres-query-latency.svg',
        'charts/postgres-contention-acquire-wait.svg',
      ]),
    );
    const postgres = await readFile(path.join(out, 'postgres.md'), 'utf8');
    expect(postgres).toMatch(/\| selectById \| 10 \| [\d.]+ ± [\d.]+ \| `us\/op` \| lower \|/);
    expect((await lintMarkdown(out)).ok).toBe(true);
  });
});
