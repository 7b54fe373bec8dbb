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
        [
          ...SHORT_RUN,
          '-p',
          'poolSize=10',
          '-p',
          'partitions=2',
          '-p',
          'chunkSize=500',
          '-p',
          'writer=atomic',
        ],
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

/** Runs the dbbench CLI in this package with exactly `args`; resolves to exit code and output. */
async function dbbenchRaw(
  args: readonly string[],
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return run(process.execPath, [dbbenchBin, ...args], { cwd: packageDir, timeout: 180_000 }).then(
    ({ stdout, stderr }) => ({ exitCode: 0, stdout, stderr }),
    (error: { code?: unknown; stdout?: string; stderr?: string }) => ({
      exitCode: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

describe('server sizing follows the planned pool sizes', () => {
  it('refuses a named server whose max_connections is below the largest planned pool, before measuring', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'dbbench-pooled-sizing-'));
    try {
      const out = join(outDir, 'report.json');
      const args = [
        'run',
        'dist/postgres-suite.js',
        '-b',
        '^contention$',
        '-p',
        'poolSize=900',
        '-p',
        'concurrency=10',
      ];
      const result = await dbbenchRaw([
        ...args,
        '-p',
        'acquireTimeout=none',
        '--provider',
        'url',
        '--url',
        TEST_SERVER_URLS.postgres,
        '--out',
        out,
      ]);
      expect(result.exitCode).toBe(1);
      const errorLines = result.stderr.trim().split('\n');
      expect(errorLines).toHaveLength(1);
      expect(errorLines[0]).toMatch(/max_connections=\d+, but this run needs 920/);
      // Nothing was measured, so no report was written.
      await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  // It starts its own server and runs every quick contention combination on pools of 200: 55–56 s in
  // CI and in a clean clone on 2026-12-07, and over the 60 s default once on the same day; the
  // command's own limit (dbbenchRaw) is 180 s.
  it(
    'starts a local server large enough for -p poolSize=200 and completes a quick run',
    { timeout: 180_000 },
    async () => {
      const result = await dbbenchRaw([
        'run',
        'dist/postgres-suite.js',
        '--quick',
        '-b',
        '^contention$',
        '-p',
        'poolSize=200',
        '--provider',
        'local',
      ]);
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      // The quick profile runs the server without a quota and at 0.5 CPU (its cgroup, read back), on
      // every driver.
      expect(result.stdout).toMatch(/pooled\.contention\s+200\s+10\s+100ms\s+none\s+pg\s+thrpt/);
      expect(result.stdout).toMatch(/pooled\.contention\s+200\s+10\s+100ms\s+0\.5\s+pg\s+thrpt/);
      expect(result.stdout).toMatch(/pooled\.contention\s+200\s+10\s+100ms\s+0\.5\s+postgresjs\s+thrpt/);
    },
  );
});

describe('open-loop input is checked before anything runs', () => {
  it.each([
    [['-p', 'rate=0'], /rate=0 is not an arrival rate; use a number of requests per second above zero/],
    [['-p', 'rate=-5'], /rate=-5 is not an arrival rate/],
    [['--rate', '0'], /rate=0 is not an arrival rate/],
    [['--latency-limit', 'abc'], /--latency-limit: invalid duration "abc"/],
    [['-p', 'latencyLimit=abc'], /latencyLimit=abc is not a duration/],
  ])('%j: one line, exit 2', async (flags, message) => {
    const result = await dbbenchRaw(['run', 'dist/postgres-suite.js', '-b', '^rate$', ...flags, '--list']);
    expect(result.exitCode).toBe(2);
    const errorLines = result.stderr.trim().split('\n');
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(message);
  });

  it('--rate and --latency-limit stand for the axes they name', async () => {
    const result = await dbbenchRaw([
      'run',
      'dist/postgres-suite.js',
      '-b',
      '^rate$',
      '--rate',
      '300,600',
      '--latency-limit',
      '10ms',
      '--list',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /query=selectById rate=300 poolSize=10 acquireTimeout=none latencyLimit=10ms/,
    );
    expect(result.stdout).toMatch(
      /query=insertOne rate=600 poolSize=10 acquireTimeout=none latencyLimit=10ms/,
    );
    expect(result.stdout).not.toMatch(/rate=8000/);
  });
});
