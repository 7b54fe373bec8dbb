/**
 * The `cpus` axis through the real CLI: bad values and a quota on a server dbbench cannot limit are
 * refused in one line, exit 2, before any server is tried; the same quotas from the default matrix
 * are skipped on such a server, with the reason, while the rest of the run goes on.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { driverNames } from '@dbbench/databases';
import { dbbenchReportSchema } from '@dbbench/harness/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbbench, UNREACHABLE } from './support/dbbench-cli.js';
import { ENGINES, TEST_SERVER_URLS } from './support/test-servers.js';

describe.each(ENGINES)('-p cpus on %s', (engine) => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'dbbench-pooled-cpus-'));
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it.each([
    ['cpus=0', /at least 0\.01/],
    ['cpus=abc', /not a number of CPUs/],
    [`cpus=${availableParallelism() * 32}`, /more than this machine has/],
  ])('%s is refused in one line, exit 2, before any server starts', async (param, message) => {
    const out = join(outDir, `${param}.json`);
    const result = await dbbench([
      `dist/${engine}-suite.js`,
      ...['-b', '^contention$', '-p', param, '--provider', 'url', '--url', UNREACHABLE[engine], '--out', out],
    ]);
    expect(result.exitCode, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stdout).not.toMatch(/provider|127\.0\.0\.1/);
    await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('on the url provider is refused in one line, exit 2, naming the providers that can', async () => {
    const out = join(outDir, 'url.json');
    const result = await dbbench([
      `dist/${engine}-suite.js`,
      ...[
        '-b',
        '^contention$',
        '-p',
        'cpus=1',
        '--provider',
        'url',
        '--url',
        UNREACHABLE[engine],
        '--out',
        out,
      ],
    ]);
    expect(result.exitCode, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/-p cpus: the url provider .* cannot set its CPU quota/);
    expect(lines[0]).toMatch(/--provider testcontainers or --provider local/);
    await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('from the defaults is skipped on the url provider with the reason; the rest is measured', async () => {
    const out = join(outDir, 'skip.json');
    const result = await dbbench([
      `dist/${engine}-suite.js`,
      ...[
        '-b',
        '^contention$',
        '--quick',
        '--provider',
        'url',
        '--url',
        TEST_SERVER_URLS[engine],
        '--out',
        out,
      ],
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    // The quick profile's 0.5 CPU on each of the engine's drivers.
    const drivers = driverNames(engine);
    expect(result.stdout).toContain(
      `# Skipping ${drivers.length} combination(s): the cpus axis: the url provider`,
    );
    const reportPath = /^Report: (.+)$/m.exec(result.stdout)?.[1] ?? '';
    const report = dbbenchReportSchema.parse(JSON.parse(await readFile(reportPath, 'utf8')));
    await rm(join(reportPath, '..'), { recursive: true, force: true });
    expect(report.map((entry) => entry.params?.['cpus'])).toEqual(drivers.map(() => 'none'));
    expect(report.map((entry) => entry.params?.['driver']).sort()).toEqual([...drivers].sort());
    for (const entry of report) {
      expect(entry.dbbench.status).toBe('ok');
      // Nothing was limited, so nothing was applied.
      expect(entry.dbbench.applied).toBeUndefined();
    }
  });
});
