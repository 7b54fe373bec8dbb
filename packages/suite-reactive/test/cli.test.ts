import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { driverNames } from '@dbbench/databases';
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
  readonly params?: Readonly<Record<string, string>>;
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
      // The quick profile streams the job through each of the engine's drivers.
      expect(report.map((entry) => entry.params?.['driver']).sort()).toEqual([...driverNames(engine)].sort());
      for (const entry of report) {
        expect(entry.dbbench).toMatchObject({ status: 'ok', suite: 'reactive', database: engine });
        expect(typeof entry.primaryMetric.score).toBe('number');
        expect(Object.keys(entry.secondaryMetrics)).toEqual(
          expect.arrayContaining([
            'rows/s',
            'timeToFirstRow',
            'stream.maxReadAhead',
            'memory.peakRss',
            'memory.peakHeap',
          ]),
        );
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

/** A server URL nothing listens on: a run that got as far as its server would fail on it with exit 1. */
const UNREACHABLE_URLS = {
  postgres: 'postgres://postgres@127.0.0.1:1/test',
  mysql: 'mysql://root@127.0.0.1:1/test',
} as const;

// The streaming job needs a connection for a reader and one for its flushes: a pool of one is a
// usage mistake, refused with the axis's range before anything starts, never a failure mid-run.
describe.each(ENGINES)('dbbench run -p poolSize=1 on %s', (engine) => {
  it('is refused in one line, exit 2, before any server starts', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'dbbench-reactive-pool-'));
    const out = join(outDir, 'report.json');
    try {
      const result = await run(
        process.execPath,
        [
          dbbench,
          'run',
          `dist/${engine}-suite.js`,
          '-p',
          'poolSize=1',
          '--provider',
          'url',
          '--url',
          UNREACHABLE_URLS[engine],
          '--out',
          out,
        ],
        { cwd: packageDir, timeout: 60_000 },
      ).then(
        () => ({ exitCode: 0, stdout: '', stderr: '' }),
        (error: { code?: unknown; stdout?: string; stderr?: string }) => ({
          exitCode: typeof error.code === 'number' ? error.code : -1,
          stdout: error.stdout ?? '',
          stderr: error.stderr ?? '',
        }),
      );
      expect(result.exitCode, result.stderr).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/poolSize/);
      expect(lines[0]).toMatch(/from 2/);
      // Nothing tried the (unreachable) server, and nothing was written.
      expect(result.stdout).not.toMatch(/provider|127\.0\.0\.1/);
      await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
