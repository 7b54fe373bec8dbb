/**
 * Behaviour of the timing engine with operations of known duration, measured through the real CLI
 * and real forks: accuracy, proportionality, thrpt = 1/avgt, per-invocation setup outside the score,
 * and a report in JMH's format.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import type { DbbenchResult } from '../src/report/report-schema.js';
import { runDbbench, SYNTHETIC_SUITE, withOneRetry } from './run-dbbench.js';

const SHORT = ['--warmup-iterations', '1', '--warmup-time', '100ms', '-i', '5', '--time', '200ms'];

function find(
  report: readonly DbbenchResult[],
  benchmark: string,
  mode: string,
  workMs?: string,
): DbbenchResult {
  const result = report.find(
    (entry) => entry.benchmark === benchmark && entry.mode === mode && entry.params?.workMs === workMs,
  );
  if (result === undefined) throw new Error(`no ${benchmark} ${mode} ${workMs ?? ''} in the report`);
  return result;
}

function score(result: DbbenchResult): number {
  expect(result.dbbench.status).toBe('ok');
  const value = result.primaryMetric.score;
  if (typeof value !== 'number') throw new Error('score is NaN');
  return value;
}

function error(result: DbbenchResult): number {
  const value = result.primaryMetric.scoreError;
  return typeof value === 'number' ? value : 0;
}

describe('measurement', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-measure-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function sleepReport(): Promise<DbbenchResult[]> {
    const out = join(directory, `sleep-${Date.now()}.json`);
    const run = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      '^sleep$',
      '-p',
      'workMs=10,20',
      '-m',
      'avgt,thrpt',
      ...SHORT,
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return readReport(out);
  }

  // Timers fire late on a loaded machine, by several milliseconds and by different amounts from one
  // run to the next; the harness must report that truthfully. So these tests assert what lateness
  // cannot change: a timer is never measured shorter than it is, extra work shows up as that much
  // more time (lateness cancels in a difference), and nothing is counted twice or per invocation
  // instead of per operation (errors of 2× and more).
  it('measures a timer no shorter than it is, 10 ms more work as about 10 ms more, and thrpt as 1/avgt', async () => {
    await withOneRetry(async () => {
      const report = await sleepReport();
      const twenty = score(find(report, 'synthetic.sleep', 'avgt', '20'));
      const ten = score(find(report, 'synthetic.sleep', 'avgt', '10'));
      expect(ten).toBeGreaterThan(9.5);
      expect(twenty).toBeGreaterThan(19.5);
      expect(twenty).toBeLessThan(40);
      expect(twenty - ten).toBeGreaterThan(5);
      expect(twenty - ten).toBeLessThan(15);
      for (const workMs of ['10', '20']) {
        const avgt = find(report, 'synthetic.sleep', 'avgt', workMs);
        const thrpt = find(report, 'synthetic.sleep', 'thrpt', workMs);
        expect(thrpt.primaryMetric.scoreUnit).toBe('ops/s');
        // 1/avgt in ops/s (a unit or formula mistake is off by 1000× or inverted). Two forks run at
        // different moments: their lateness differs, hence the margin beyond the intervals.
        const fromAvgt = 1000 / score(avgt);
        const tolerance = error(thrpt) + (1000 * error(avgt)) / score(avgt) ** 2;
        expect(Math.abs(score(thrpt) - fromAvgt)).toBeLessThanOrEqual(Math.max(tolerance, 0.25 * fromAvgt));
        // Each fork's facts, read in that fork after setupTrial, in fork order.
        const facts = avgt.dbbench.facts ?? [];
        expect(facts).toHaveLength(avgt.forks);
        for (const entry of facts) expect(entry).toMatchObject({ timer: { ms: Number(workMs) } });
        const pids = facts.map((entry) => (entry['timer'] as { pid: number }).pid);
        expect(new Set(pids).size).toBe(avgt.forks);
      }
    });
  });

  it('scores per operation when an invocation performs several (operationsPerInvocation)', async () => {
    await withOneRetry(async () => {
      const out = join(directory, `per-operation-${Date.now()}.json`);
      const run = await runDbbench([
        'run',
        SYNTHETIC_SUITE,
        '-b',
        '^perOperation$',
        '-p',
        'workMs=10',
        '-m',
        'avgt,thrpt',
        ...SHORT,
        '--out',
        out,
      ]);
      expect(run.code).toBe(0);
      const report = await readReport(out);
      // Four 10 ms timers per invocation: at least 10 ms per operation, far from 40; at most 100
      // ops/s, far from 25.
      const avgt = score(find(report, 'synthetic.perOperation', 'avgt', '10'));
      expect(avgt).toBeGreaterThan(9.5);
      expect(avgt).toBeLessThan(20);
      const thrpt = score(find(report, 'synthetic.perOperation', 'thrpt', '10'));
      expect(thrpt).toBeGreaterThan(50);
      expect(thrpt).toBeLessThan(105);
    });
  });

  it('keeps a 5 ms per-invocation setup out of a 1 ms score and out of the iteration budget', async () => {
    await withOneRetry(async () => {
      const out = join(directory, `setup-${Date.now()}.json`);
      const run = await runDbbench([
        'run',
        SYNTHETIC_SUITE,
        '-b',
        'perInvocationSetup',
        '--forks',
        '2',
        '--warmup-iterations',
        '1',
        '--warmup-time',
        '100ms',
        '-i',
        '3',
        '--time',
        '300ms',
        '--out',
        out,
      ]);
      expect(run.code).toBe(0);
      const [result] = await readReport(out);
      if (result === undefined) throw new Error('empty report');
      const milliseconds = score(result);
      // About 1 ms; counting the setup would give 6 ms. The upper bound leaves room for a busy machine
      // stretching a busy-wait (preemption), not for the setup.
      expect(milliseconds).toBeGreaterThan(0.95);
      expect(milliseconds).toBeLessThan(4);
      // Two forks, three measurement iterations each, merged into one score.
      expect(result.forks).toBe(2);
      expect(result.primaryMetric.rawData.map((fork) => fork.length)).toEqual([3, 3]);
      // A 300 ms iteration of 6 ms invocations holds about 50 of them; counting only the timed 1 ms
      // towards the budget would run about 300 and take six times as long.
      for (const count of result.dbbench.invocations?.flat() ?? []) expect(count).toBeLessThan(80);
    });
  });

  it('runs a single-shot warmup batch of several invocations in one iteration, outside the score', async () => {
    await withOneRetry(async () => {
      const out = join(directory, `warmup-batch-${Date.now()}.json`);
      const run = await runDbbench([
        'run',
        SYNTHETIC_SUITE,
        '-b',
        '^sleep$',
        '-p',
        'workMs=10',
        '-m',
        'ss',
        '--forks',
        '1',
        '--warmup-iterations',
        '1',
        '-wbs',
        '6',
        '-i',
        '3',
        '--out',
        out,
      ]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('# Warmup: 1 iterations, single-shot each, batch 6');
      // The warmup iteration's score is its batch's time: six 10 ms sleeps, measured ones one each.
      const warmup = Number(/# Warmup Iteration {3}1: ([\d.]+) ms\/op/.exec(run.stdout)?.[1]);
      const [result] = await readReport(out);
      expect(result?.warmupBatchSize).toBe(6);
      expect(result?.measurementBatchSize).toBe(1);
      const measured = score(result!);
      expect(measured).toBeGreaterThan(9.5);
      expect(measured).toBeLessThan(40);
      expect(warmup).toBeGreaterThan(4 * measured);
    });
  });

  it('writes results that JMH tools read: every field of a JMH 1.37 result, with the same JSON types', async () => {
    const out = join(directory, 'format.json');
    const run = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      '^sleep$',
      '-p',
      'workMs=2',
      '-m',
      'avgt,sample',
      '--prof',
      'gc',
      '--warmup-iterations',
      '1',
      '--warmup-time',
      '50ms',
      '-i',
      '2',
      '--time',
      '100ms',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    const jmh = JSON.parse(
      await readFile(new URL('./fixtures/jmh-1.37-avgt.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>[];
    const ours = JSON.parse(await readFile(out, 'utf8')) as Record<string, unknown>[];
    const reference = jmh[0] as Record<string, unknown>;
    for (const result of ours) {
      expect(shape(result, reference)).toEqual(shape(reference, reference));
      expect(['thrpt', 'avgt', 'sample', 'ss']).toContain(result.mode);
      expect(result.warmupTime).toMatch(/^\d+ (s|ms|us)$|^single-shot$/);
      const metric = result.primaryMetric as Record<string, unknown>;
      expect(Object.keys(metric.scorePercentiles as object)).toEqual(
        Object.keys((reference.primaryMetric as Record<string, unknown>).scorePercentiles as object),
      );
      const secondary = result.secondaryMetrics as Record<string, Record<string, unknown>>;
      expect(Object.keys(secondary)).toEqual(['gc.alloc.rate.norm', 'gc.count', 'gc.time']);
      const jmhSecondary = (reference.secondaryMetrics as Record<string, unknown>)['·gc.alloc.rate.norm'];
      for (const metricValue of Object.values(secondary))
        expect(shape(metricValue, jmhSecondary)).toEqual(shape(jmhSecondary, jmhSecondary));
    }
    // Sample mode: percentiles from every invocation (two 100 ms iterations of ~2 ms), rawData per iteration.
    const sample = ours.find((result) => result.mode === 'sample') as DbbenchResult;
    expect(sample.primaryMetric.rawData).toHaveLength(1);
    expect(sample.primaryMetric.rawData[0]).toHaveLength(2);
    expect(sample.dbbench.scoreStatistics?.n).toBeGreaterThan(40);
  });
});

/** The JSON type of every field JMH writes (`dbbench` and other extra fields are ignored). */
function shape(value: unknown, reference: unknown): unknown {
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object' && reference !== null && typeof reference === 'object') {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(reference)) {
      const field = (value as Record<string, unknown>)[key];
      // A map (params, percentiles, secondary metrics): only its being an object is compared.
      result[key] = ['params', 'scorePercentiles', 'secondaryMetrics'].includes(key)
        ? typeof field
        : field === undefined
          ? 'missing'
          : shape(field, (reference as Record<string, unknown>)[key]);
    }
    return result;
  }
  return typeof value;
}
