import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/index.js';
import { FIXTURES, git, removeTempDirs, tempDir } from './fixture-paths.js';
import { lintMarkdown } from './markdown-lint.js';

afterAll(removeTempDirs);

/** A Java project's repository: JMH reports only, where the project keeps them. */
async function javaProject(files: Record<string, string>): Promise<string> {
  const root = await tempDir();
  for (const [target, fixture] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, target)), { recursive: true });
    await cp(path.join(FIXTURES, fixture), path.join(root, target));
  }
  return root;
}

describe('plain JMH reports', () => {
  it('renders a Java project’s sample-mode report (rawDataHistogram, no rawData) with percentiles and a chart', async () => {
    const root = await javaProject({ 'orders/results.json': 'jmh/java-sample/results.json' });
    const { written } = await generateDocs({ root, reportPatterns: ['orders/results.json'], outDir: 'docs' });
    expect(written).toEqual([
      'README.md',
      'charts/jmh-results-orderrepositorybenchmark.findbyid.svg',
      'charts/jmh-results-orderrepositorybenchmark.findbyid.vl.json',
      'charts/jmh-results-orderrepositorybenchmark.findrecentorders.svg',
      'charts/jmh-results-orderrepositorybenchmark.findrecentorders.vl.json',
      'jmh-results.md',
    ]);
    const page = await readFile(path.join(root, 'docs', 'jmh-results.md'), 'utf8');
    expect(page).toContain('| statementCache | rows | score ± error (µs/op) ↓ | p50 (µs) |');
    expect(page).toMatch(/^\| on \| 100 \| [\d,.]+ \([\d,.]+–[\d,.]+, 2 forks\) \| [\d,.]+ \|/m);
    expect((await lintMarkdown(path.join(root, 'docs'))).ok).toBe(true);
  });

  it('names pages from their paths: two results.json in different folders are two pages; no jmh-jmh-', async () => {
    const root = await javaProject({
      'services/orders/results.json': 'jmh/java-sample/results.json',
      'services/billing/results.json': 'jmh/java-project.json',
      'services/jmh-avgt.json': 'jmh/java-project.json',
    });
    const { written } = await generateDocs({
      root,
      reportPatterns: ['services/*/results.json', 'services/*.json'],
    });
    const pages = written.filter((file) => file.endsWith('.md'));
    expect(pages).toEqual(['README.md', 'jmh-avgt.md', 'jmh-billing-results.md', 'jmh-orders-results.md']);
    const hub = await readFile(path.join(root, 'benchmark-docs', 'README.md'), 'utf8');
    expect(hub).toContain('[jmh-orders-results.md](jmh-orders-results.md)');
    expect(hub).toContain('[jmh-billing-results.md](jmh-billing-results.md)');
  });

  it('gives JMH-only docs a hub that names no database server and says how to regenerate them', async () => {
    const root = await javaProject({ 'bench/results.json': 'jmh/java-sample/results.json' });
    await generateDocs({ root, reportPatterns: ['bench/*.json'] });
    const hub = await readFile(path.join(root, 'benchmark-docs', 'README.md'), 'utf8');
    expect(hub).not.toMatch(/PostgreSQL|MySQL|MariaDB|bench:postgres|suites measure/);
    expect(hub).toContain('Results of 1 plain JMH report');
    expect(hub).toContain("npx dbbench-docs generate --reports 'bench/*.json'");
    expect(hub).toContain("`npx dbbench-docs check --reports 'bench/*.json'` fails when");
  });

  it('compares a JMH report with its previous committed version', async () => {
    const root = await javaProject({ 'bench/results.json': 'jmh/java-sample-previous/results.json' });
    await git(root, 'init', '-q');
    await git(root, 'add', '.');
    await git(root, 'commit', '-q', '-m', 'previous run');
    await writeFile(
      path.join(root, 'bench', 'results.json'),
      await readFile(path.join(FIXTURES, 'jmh', 'java-sample', 'results.json')),
    );
    await generateDocs({ root, reportPatterns: ['bench/results.json'] });
    const page = await readFile(path.join(root, 'benchmark-docs', 'jmh-results.md'), 'utf8');
    const section = page.slice(page.indexOf('## Changes since the previous report'));
    expect(section).toMatch(/compared with the version at commit [0-9a-f]{12}/);
    // The previous run was 25% faster on findRecentOrders with the cache on and 100 rows, but two forks a
    // side cannot resolve it at the fork level: the page shows the ratio and its interval, and calls nothing.
    expect(section).toContain('Verdicts (an indication: two runs made at different times): 6 unchanged (~).');
    expect(section).toMatch(
      /\| findRecentOrders \| statementCache=on, rows=100 \| `µs\/op` \| 1\.1\d\d× \|.*\| 2×3\+2×3 \| ~/,
    );
    expect(section).toMatch(/\| OrderRepositoryBenchmark\.findById \| 2 \| ±\d+\.\d% \|/);
  });
});
