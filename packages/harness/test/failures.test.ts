/**
 * Failure handling and isolation through the real CLI: failing, hanging and crashing benchmarks are
 * recorded as failed while the others complete, the report stays valid, and forks isolate state.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import type { DbbenchResult } from '../src/report/report-schema.js';
import { interruptDbbench, runDbbench, SYNTHETIC_SUITE } from './run-dbbench.js';

const TINY = ['--warmup-iterations', '1', '--warmup-time', '50ms', '-i', '2', '--time', '100ms'];

function byName(report: readonly DbbenchResult[], name: string): DbbenchResult[] {
  return report.filter((result) => result.dbbench.benchmarkName === name);
}

describe('failures and isolation', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-failures-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('records throwing, hanging, crashing and unverified benchmarks as failed and completes the rest', async () => {
    const out = join(directory, 'failures.json');
    const started = Date.now();
    const run = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      '^(throws|failsThenHangs|hangs|exits|badVerify|busy)$',
      '-p',
      'workMs=2',
      // Short, but long enough for a fork to start and finish on a loaded machine.
      '--timeout',
      '6s',
      ...TINY,
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`dbbench: 5 of 6 combinations failed; see the failures in ${out}`);
    // Two forks wait for the 6 s timeout; the default (10 minutes) would mean no timeout at all.
    expect(Date.now() - started).toBeLessThan(50_000);
    const report = await readReport(out);
    expect(report.map((result) => [result.dbbench.benchmarkName, result.dbbench.status])).toEqual([
      ['busy', 'ok'],
      ['throws', 'failed'],
      ['failsThenHangs', 'failed'],
      ['hangs', 'failed'],
      ['exits', 'failed'],
      ['badVerify', 'failed'],
    ]);
    const failure = (name: string): unknown => byName(report, name)[0]?.dbbench.failures;
    expect(failure('throws')).toEqual([{ fork: 0, phase: 'run', message: 'boom on call 3' }]);
    // The first failure is kept when tearing down then hangs on what broke.
    expect(failure('failsThenHangs')).toEqual([
      {
        fork: 0,
        phase: 'run',
        message: expect.stringMatching(
          /^boom on call 3; then no result within 6000 ms; the fork was killed while idle in teardownTrial/,
        ) as unknown,
      },
    ]);
    expect(failure('hangs')).toEqual([
      { fork: 0, phase: 'timeout', message: expect.stringMatching(/within 6000 ms/) as unknown },
    ]);
    // It sat idle in setupTrial: the message says where, and does not blame a short --timeout.
    expect(byName(report, 'hangs')[0]?.dbbench.failures[0]?.message).toMatch(/idle in setupTrial/);
    expect(byName(report, 'hangs')[0]?.dbbench.failures[0]?.message).not.toMatch(/raise --timeout/);
    expect(failure('exits')).toEqual([
      { fork: 0, phase: 'crash', message: expect.stringMatching(/code 3/) as unknown },
    ]);
    expect(failure('badVerify')).toEqual([{ fork: 0, phase: 'verify', message: 'expected 42 rows, got 41' }]);
    const failed = byName(report, 'throws')[0];
    expect(failed?.primaryMetric.score).toBe('NaN');
    expect(failed?.primaryMetric.rawData).toEqual([]);
    expect(typeof byName(report, 'busy')[0]?.primaryMetric.score).toBe('number');
  });

  it('kills a fork that makes no progress long before --timeout, and says in which phase it waited', async () => {
    const out = join(directory, 'stalls.json');
    const started = Date.now();
    const run = await runDbbench(['run', SYNTHETIC_SUITE, '-b', '^stalls$', ...TINY, '--out', out]);
    const elapsedMs = Date.now() - started;
    expect(run.code).toBe(1);
    const [result] = await readReport(out);
    expect(result?.dbbench.failures).toEqual([
      {
        fork: 0,
        phase: 'stalled',
        message: expect.stringMatching(
          /^no progress for \d+\.\d s in (warmup|measurement) iteration \d \(invocations\): the fork sat idle \(\d+\.\d\d s of CPU\), waiting for something that never came/,
        ) as unknown,
      },
    ]);
    expect(result?.dbbench.failures[0]?.message).not.toMatch(/--timeout/);
    // The default --timeout is 10 minutes; the watchdog's bound for 100 ms iterations is 10 s.
    expect(elapsedMs).toBeLessThan(120_000);
  });

  it('runs every combination in a fresh process, so module state never leaks between them', async () => {
    const out = join(directory, 'isolation.json');
    const forked = await runDbbench(['run', SYNTHETIC_SUITE, '-b', 'isolation', ...TINY, '--out', out]);
    expect(forked.code).toBe(0);
    expect((await readReport(out)).map((result) => result.dbbench.status)).toEqual(['ok', 'ok']);

    // The same benchmarks in-process (--forks 0) share the module: the second one sees the first.
    const inProcessOut = join(directory, 'in-process.json');
    const inProcess = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      'isolation',
      '--forks',
      '0',
      ...TINY,
      '--out',
      inProcessOut,
    ]);
    expect(inProcess.code).toBe(1);
    const report = await readReport(inProcessOut);
    expect(report.map((result) => result.dbbench.status)).toEqual(['ok', 'failed']);
    expect(report[1]?.dbbench.failures[0]?.message).toBe('state leaked from combination a');
    expect(report[1]?.forks).toBe(0);
  });

  it('skips combinations already measured with --resume and merges new ones into the report', async () => {
    const out = join(directory, 'resume.json');
    const first = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      'isolation',
      '-p',
      'label=a',
      ...TINY,
      '--out',
      out,
    ]);
    expect(first.code).toBe(0);
    const before = await readReport(out);
    const second = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      'isolation',
      ...TINY,
      '--out',
      out,
      '--resume',
    ]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      '# Skipping synthetic.isolation (label = a): already in the report (--resume)',
    );
    const after = await readReport(out);
    expect(after.map((result) => result.params?.label)).toEqual(['a', 'b']);
    expect(after[0]).toEqual(before[0]);
  });

  it('drops results no longer in the matrix and keeps the ones a narrowed run does not measure', async () => {
    const out = join(directory, 'stale.json');
    const first = await runDbbench(['run', SYNTHETIC_SUITE, '-b', 'isolation', ...TINY, '--out', out]);
    expect(first.code).toBe(0);
    const [a, b] = await readReport(out);
    if (a === undefined || b === undefined) throw new Error('expected two results');
    // A value the suite no longer declares, as left by an older version of the suite.
    const stale: DbbenchResult = { ...a, params: { label: 'removed' } };
    await writeFile(out, JSON.stringify([a, b, stale]));
    const second = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      'isolation',
      '-p',
      'label=a',
      ...TINY,
      '--out',
      out,
    ]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('dropping 1 result(s)');
    const after = await readReport(out);
    expect(after.map((result) => result.params?.label)).toEqual(['a', 'b']);
    expect(after[1]).toEqual(b);
    expect(after[0]?.dbbench.finishedAt).not.toBe(a.dbbench.finishedAt);
  });

  it('on SIGINT kills the running fork, keeps the report, disposes the run setup and exits 130', async () => {
    const out = join(directory, 'interrupted.json');
    const started = Date.now();
    const run = await interruptDbbench(
      [
        'run',
        SYNTHETIC_SUITE,
        '-b',
        '^sleep$',
        '--warmup-iterations',
        '0',
        '-i',
        '1',
        '--time',
        '100ms',
        '--out',
        out,
      ],
      // The second combination (workMs = 4) has started its fork: interrupt it mid-way.
      /Parameters: \(workMs = 4\)[\s\S]*# Fork: 1 of 1/,
      'SIGINT',
    );
    expect(run.code).toBe(130);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(run.stdout).toContain('run setup disposed');
    expect(run.stderr).toContain('SIGINT');
    const report = await readReport(out);
    expect(report.map((result) => [result.params?.workMs, result.dbbench.status])).toEqual([['2', 'ok']]);
  });
});
