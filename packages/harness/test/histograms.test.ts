/**
 * Histograms from a profiler in a fork reach the report: through the IPC channel, the result
 * builder (measured iterations only) and the report file, per fork and summarised.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import { combineHistograms, summarizeHistogram } from '../src/stats/histogram.js';
import { runDbbench } from './run-dbbench.js';

const HISTOGRAM_SUITE = fileURLToPath(new URL('./fixtures/histogram-suite.js', import.meta.url));
const SHORT = ['--warmup-iterations', '1', '--warmup-time', '50ms', '-i', '2', '--time', '100ms'];

describe('histograms from a profiler in a fork', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-histograms-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reach the report per fork, measured iterations only, with their whole-run summary', async () => {
    const out = join(directory, 'timed.json');
    const run = await runDbbench([
      'run',
      HISTOGRAM_SUITE,
      '-b',
      '^timed$',
      '-f',
      '2',
      ...SHORT,
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [result] = await readReport(out);
    const forks = result?.dbbench.histograms?.['latency']?.forks ?? [];
    expect(forks.map((fork) => fork.length)).toEqual([2, 2]);
    const combined = combineHistograms(forks.flat());
    // One latency per timed invocation: the warmup iteration's are not among them.
    const invocations = (result?.dbbench.invocations ?? []).flat().reduce((sum, count) => sum + count, 0);
    expect(combined.count).toBe(invocations);
    expect(combined.percentile(100)).toBeLessThan(1000);
    expect(combined.percentile(50)).toBeGreaterThanOrEqual(1);
    expect(result?.dbbench.histogramSummaries?.['latency']).toEqual(summarizeHistogram(combined));
  });

  it('fail the combination, naming the profiler, when one is not an encoded histogram', async () => {
    const out = join(directory, 'malformed.json');
    await runDbbench(['run', HISTOGRAM_SUITE, '-b', '^malformed$', '-f', '1', ...SHORT, '--out', out]);
    const [result] = await readReport(out);
    expect(result?.dbbench.status).toBe('failed');
    expect(result?.dbbench.failures[0]?.message).toMatch(
      /^profiler broken: histogram "latency" is not an encoded HDR histogram/,
    );
    expect(result?.dbbench).not.toHaveProperty('histograms');
  });
});
