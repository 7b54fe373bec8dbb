/** The `dbbench` command line: help, --list, --quick, suite options, and one-line usage errors (exit 2). */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import { fileURLToPath } from 'node:url';
import { runDbbench, SYNTHETIC_SUITE } from './run-dbbench.js';

const QUESTION_SUITE = fileURLToPath(new URL('./fixtures/question-suite.js', import.meta.url));

describe('dbbench CLI', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-cli-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('lists every run option in --help, and the suite options once a suite is named', async () => {
    const top = await runDbbench(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('run [options] <suite-module>');
    const generic = await runDbbench(['run', '--help']);
    expect(generic.code).toBe(0);
    for (const flag of [
      '--param',
      '--bench',
      '--list',
      '--forks',
      '--warmup-iterations',
      '--warmup-time',
      '--iterations',
      '--time',
      '--batch-size',
      '--mode',
      '--unit',
      '--timeout',
      '--out',
      '--resume',
      '--quick',
      '--prof',
      '--rate',
      '--latency-limit',
    ]) {
      expect(generic.stdout).toContain(flag);
    }
    const withSuite = await runDbbench(['run', SYNTHETIC_SUITE, '--help']);
    expect(withSuite.stdout).toMatch(/--flavour <value>\s+a suite option/);
    expect(withSuite.stdout).toMatch(/choices:\s+"plain",\s+"spicy"/);
    expect((await runDbbench([])).code).toBe(2);
  });

  it("shows the suite's own defaults in --help once a suite is named", async () => {
    const help = await runDbbench(['run', QUESTION_SUITE, '--help']);
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(
      /--forks <n> fresh processes per combination; 0 runs in-process \(debugging\) \(suite default: 2, 3 where a declared answer compares the combination\)/,
    );
    expect(text).toMatch(/--warmup-iterations <n> warmup iterations per fork \(suite default: 1\)/);
    expect(text).toMatch(/--out <path> .* \(suite default: reports\/none\.json\)/);
  });

  it("accepts JMH's flags as the dbbench flags they mean", async () => {
    const out = join(directory, 'jmh-flags.json');
    const run = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      '^busy$',
      '-p',
      'workMs=2',
      '-f',
      '1',
      '-wi',
      '0',
      '-i',
      '1',
      '-r',
      '50ms',
      '-bm',
      'AverageTime',
      '-tu',
      'us',
      '-rf',
      'json',
      '-rff',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [result] = await readReport(out);
    expect(result?.mode).toBe('avgt');
    expect(result?.warmupIterations).toBe(0);
    expect(result?.measurementIterations).toBe(1);
    expect(result?.measurementTime).toBe('50 ms');
    expect(result?.primaryMetric.scoreUnit).toBe('us/op');
  });

  it('prints the matrix with --list without running the suite setup', async () => {
    const listed = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '--list',
      '-b',
      'sleep|isolation',
      '-p',
      'workMs=7',
    ]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')).toEqual([
      'synthetic.sleep      avgt  workMs=7',
      'synthetic.isolation  ss    label=a',
      'synthetic.isolation  ss    label=b',
      '3 combinations',
      '',
    ]);
    expect(listed.stdout).not.toContain('setupRun');
  });

  it('with --quick and --out writes the quick profile to the file the user named', async () => {
    const out = join(directory, 'named-quick.json');
    const run = await runDbbench(['run', SYNTHETIC_SUITE, '-b', '^busy$', '--quick', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('the report goes to');
    const report = await readReport(out);
    expect(report.map((result) => result.dbbench.profile)).toEqual(['quick']);
  });

  it('with --quick and no --out applies the quick profile and writes to a temp file, never to the default report', async () => {
    const run = await runDbbench(['run', SYNTHETIC_SUITE, '-b', '^busy$', '--quick'], {
      DBBENCH_TEST_FLAVOUR: 'spicy',
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(process.cwd(), 'reports', 'none.json'))).toBe(false);
    expect(run.stdout).toContain('npx dbbench-docs generate --reports');
    const quickPath = /the report goes to (\S+) \(not /.exec(run.stdout)?.[1];
    if (quickPath === undefined) throw new Error(`no quick report path in:\n${run.stdout}`);
    const report = await readReport(quickPath);
    await rm(join(quickPath, '..'), { recursive: true, force: true });
    expect(report.map((result) => result.params?.workMs)).toEqual(['2']);
    expect(report[0]?.measurementIterations).toBe(2);
    expect(report[0]?.measurementTime).toBe('100 ms');
    expect(report[0]?.dbbench.profile).toBe('quick');
    // Where the wall time went: 1 × 50 ms warmup and 2 × 100 ms measurement at least, all within the total.
    const durations = report[0]?.dbbench.durationsMs;
    expect(durations?.warmup).toBeGreaterThanOrEqual(50);
    expect(durations?.measurement).toBeGreaterThanOrEqual(200);
    expect(durations?.setup).toBeGreaterThan(0);
    const parts =
      (durations?.setup ?? 0) +
      (durations?.warmup ?? 0) +
      (durations?.measurement ?? 0) +
      (durations?.teardown ?? 0);
    expect(parts).toBeLessThanOrEqual((report[0]?.dbbench.elapsedMs ?? 0) + 5);
    // The suite option came from its environment variable, through setupRun, into runInfo.
    expect(report[0]?.dbbench.runInfo).toEqual({ flavour: 'spicy' });
    expect(run.stdout).toContain('# Run progress: 0.00% complete, ETA 00:00:0');
    expect(run.stdout).toMatch(/# Warmup Iteration {3}1: \d+\.\d{3} ms\/op/);
    expect(run.stdout).toMatch(/\nIteration {3}2: \d+\.\d{3} ms\/op/);
    expect(run.stdout).toMatch(/Benchmark\s+\(workMs\)\s+Mode\s+Cnt\s+Score\s+Error\s+Units/);
    // Not a terminal: no colour codes.
    expect(run.stdout).not.toContain('\u001b[');
  });

  const usageErrors: [string, string[], RegExp][] = [
    ['an unknown option', ['--frobnicate'], /unknown option '--frobnicate'/],
    ['an unknown axis', ['-p', 'rows=1'], /-p rows: unknown axis; axes: workMs, label/],
    ['an unknown axis value', ['-p', 'label=z'], /-p label=z: expected one of a, b/],
    ['a bad duration', ['--time', '5 parsecs'], /--time: invalid duration "5 parsecs"/],
    ['a filter matching nothing', ['-b', 'nothing'], /matches no benchmark; benchmarks: busy, sleep/],
    [
      'a bad suite option value',
      ['--flavour', 'salty'],
      /'salty' is invalid. Allowed choices are plain, spicy/,
    ],
    ['an unknown mode', ['--mode', 'fast'], /unknown mode fast; modes: thrpt, avgt, sample, ss/],
    ['an unknown unit', ['--unit', 'hours'], /--unit: choose one of ns, us, ms, s/],
    ['a negative fork count', ['--forks', '-1'], /--forks needs an integer ≥ 0/],
  ];
  for (const [problem, args, message] of usageErrors) {
    it(`rejects ${problem} with one line and exit code 2`, async () => {
      const run = await runDbbench(['run', SYNTHETIC_SUITE, ...args, '--out', join(directory, 'never.json')]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^dbbench: /);
      expect(run.stderr).toMatch(message);
      expect(existsSync(join(directory, 'never.json'))).toBe(false);
    });
  }

  it('prints a multi-line setup error whole, without a stack, and exits 1', async () => {
    const lock = { DBBENCH_LOCK_FILE: join(directory, 'setup.lock') };
    const out = join(directory, 'setup-failed.json');
    const args = ['run', SYNTHETIC_SUITE, '-b', '^busy$', '--out', out];
    const user = await runDbbench(args, { ...lock, DBBENCH_TEST_SETUP_FAILURE: 'user' });
    expect(user.code).toBe(1);
    expect(user.stderr).toBe(
      'dbbench: No server could be obtained. Tried, in order:\n' +
        "  - local: mariadbd: Can't create/write to file '/tmp/x/ibdata1' (Permission denied)\n" +
        '  - embedded: not available for this engine\n',
    );
    const bug = await runDbbench(args, { ...lock, DBBENCH_TEST_SETUP_FAILURE: 'bug' });
    expect(bug.code).toBe(1);
    expect(bug.stderr).toBe(
      "dbbench: unexpected error (a bug, please report it): Cannot read properties of undefined (reading 'port')\n" +
        'dbbench: run with DBBENCH_DEBUG=1 to see the stack trace\n',
    );
    const debug = await runDbbench(args, { ...lock, DBBENCH_TEST_SETUP_FAILURE: 'bug', DBBENCH_DEBUG: '1' });
    expect(debug.stderr).toMatch(/^\s+at .*synthetic-suite\.js:\d+:\d+/m);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects a missing suite module with one line and exit code 2', async () => {
    const run = await runDbbench(['run', join(directory, 'no-such-suite.js')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^dbbench: suite module .*no-such-suite\.js not found; pass a compiled suite module/,
    );
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
