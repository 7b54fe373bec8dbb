import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINES } from './test-database.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dbbench = fileURLToPath(new URL('../../harness/bin/dbbench.js', import.meta.url));

const URLS = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
} as const;

interface ReportEntry {
  readonly benchmark: string;
  readonly primaryMetric: { readonly score: number | string };
  readonly secondaryMetrics: Readonly<Record<string, unknown>>;
  readonly dbbench: { readonly status: string; readonly suite: string; readonly database: string };
}

// The built suite module through the real CLI and a real fork, as `npx turbo run bench:* -- --quick` runs it.
describe.each(ENGINES)('dbbench run --quick on %s', (engine) => {
  it('runs the job benchmark in a fork and writes a verified, scored report', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'dbbench-reactive-cli-'));
    const out = join(outDir, 'report.json');
    try {
      const { stdout } = await run(
        process.execPath,
        [
          dbbench,
          'run',
          `dist/${engine}-suite.js`,
          '--quick',
          '-b',
          'job',
          '--provider',
          'url',
          '--url',
          URLS[engine],
          '--out',
          out,
        ],
        { cwd: packageDir, timeout: 120_000 },
      );
      // --quick never writes where --out points (a quick report must not overwrite a real one): it
      // names the temporary file it wrote instead.
      const reportPath = /^Report: (.+)$/m.exec(stdout)?.[1];
      expect(reportPath, stdout).toBeDefined();
      const report = JSON.parse(await readFile(reportPath ?? '', 'utf8')) as ReportEntry[];
      await rm(join(reportPath ?? '', '..'), { recursive: true, force: true });
      expect(report).toHaveLength(1);
      const [entry] = report;
      expect(entry?.dbbench).toMatchObject({ status: 'ok', suite: 'reactive', database: engine });
      expect(typeof entry?.primaryMetric.score).toBe('number');
      expect(Object.keys(entry?.secondaryMetrics ?? {})).toEqual(
        expect.arrayContaining([
          'rows/s',
          'timeToFirstRow',
          'stream.maxReadAhead',
          'memory.peakRss',
          'memory.peakHeap',
        ]),
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
