import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EngineName as Engine } from '@dbbench/databases';
import { dbbenchReportSchema, type DbbenchReport } from '@dbbench/harness/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, TEST_SERVER_URLS } from './support/test-servers.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dbbenchBin = fileURLToPath(
  new URL('../../../node_modules/@dbbench/harness/bin/dbbench.js', import.meta.url),
);

/**
 * Runs the dbbench CLI in this package against a local test server; returns its exit code and the
 * report it wrote (the CLI exits non-zero when a combination failed, after writing the report).
 */
async function dbbench(
  suiteModule: string,
  engine: Engine,
  outPath: string,
  args: readonly string[],
): Promise<{ exitCode: number; report: DbbenchReport }> {
  const cliArgs = [
    'run',
    suiteModule,
    '--provider',
    'url',
    '--url',
    TEST_SERVER_URLS[engine],
    '--out',
    outPath,
  ];
  const exitCode = await run(process.execPath, [dbbenchBin, ...cliArgs, ...args], {
    cwd: packageDir,
    timeout: 120_000,
  }).then(
    () => 0,
    (error: { code?: unknown }) => (typeof error.code === 'number' ? error.code : -1),
  );
  return { exitCode, report: dbbenchReportSchema.parse(JSON.parse(await readFile(outPath, 'utf8'))) };
}

// One warmup and two measured invocations of the smallest size: enough to prove the wiring.
const SHORT_RUN = ['-p', 'dataSize=1000', '--warmup-iterations', '1', '-i', '2'];

describe('dbbench CLI on the pooled suite', () => {
  let outDir: string;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'dbbench-pooled-cli-'));
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  for (const engine of ENGINES) {
    it(`runs limit on ${engine} end to end in a fork and reports a verified score with secondary metrics`, async () => {
      const { exitCode, report } = await dbbench(
        `dist/${engine}-suite.js`,
        engine,
        join(outDir, `${engine}-limit.json`),
        ['-b', '^limit$', ...SHORT_RUN],
      );
      const [result] = report;
      expect(exitCode).toBe(0);
      expect(report).toHaveLength(1);
      expect(result?.dbbench.status).toBe('ok');
      expect(result?.dbbench.suite).toBe('pooled');
      expect(result?.dbbench.database).toBe(engine);
      expect(result?.params).toEqual({ dataSize: '1000' });
      expect(typeof result?.primaryMetric.score).toBe('number');
      expect(Object.keys(result?.secondaryMetrics ?? {})).toEqual(
        expect.arrayContaining([
          'rows/s',
          'pool.acquireWait.p95',
          'pool.acquireWait.max',
          'pool.connectionsOpened',
        ]),
      );
      expect(JSON.stringify(result?.dbbench.runInfo)).not.toContain('password');
    });

    it(`reports a job that drops a chunk on ${engine} as failed, not scored`, async () => {
      const { exitCode, report } = await dbbench(
        `test/fixtures/broken-job-${engine}-suite.js`,
        engine,
        join(outDir, `${engine}-broken-job.json`),
        [...SHORT_RUN, '-p', 'poolSize=2', '-p', 'partitions=2'],
      );
      const [result] = report;
      expect(exitCode).not.toBe(0);
      expect(report).toHaveLength(1);
      expect(result?.dbbench.status).toBe('failed');
      expect(result?.primaryMetric.score).toBe('NaN');
      expect(result?.dbbench.failures[0]?.phase).toBe('verify');
      expect(result?.dbbench.failures[0]?.message).toMatch(/expected 1000 rows, actual 500/);
    });
  }
});
