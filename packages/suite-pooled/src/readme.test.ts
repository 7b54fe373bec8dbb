/**
 * The README states the suite's iteration counts; they are checked against the definitions here,
 * since a fact stated twice drifts.
 */
import { readFile } from 'node:fs/promises';
import { DEFAULT_SIZE_ITERATIONS, DEFAULT_SIZE_WARMUPS } from '@dbbench/suite-kit';
import type { IterationSettings, ParamSet } from '@dbbench/harness';
import { readmeTableProblems } from '@dbbench/suite-kit/testing';
import { describe, expect, it } from 'vitest';
import { jobIterations } from './benchmarks/job.js';
import { seedBenchmark } from './benchmarks/seed.js';
import { createSuite } from './suite.js';

const README = new URL('../README.md', import.meta.url);

function iterationsOf(params: ParamSet): IterationSettings {
  const { iterations } = seedBenchmark;
  return typeof iterations === 'function' ? iterations(params) : (iterations ?? {});
}

describe('the README', () => {
  it('states the iterations the suite and its benchmarks define', async () => {
    const text = (await readFile(README, 'utf8')).replace(/\s+/g, ' ');
    const suite = createSuite('postgres');
    const base = suite.iterations ?? {};
    expect(text).toContain(
      `thrpt/sample benchmarks ${base.warmupIterations} warmup + ${base.measurementIterations} measured iterations of ${base.measurementTimeMs} ms`,
    );
    expect(text).toContain(`the warmup ${base.warmupTimeMs} ms long`);
    const { small, medium, large } = DEFAULT_SIZE_ITERATIONS;
    const warm = DEFAULT_SIZE_WARMUPS;
    expect(text).toContain(
      `${warm.small} / ${warm.medium} / ${warm.large} warmups + ${small} / ${medium} / ${large} measured invocations at 1000 / 10000 / 100000 rows`,
    );
    const job = jobIterations({ dataSize: '100000' });
    expect(text).toContain(`the job ${job.warmupIterations} + ${job.measurementIterations} at 100000 rows`);
    const small1k = iterationsOf({ dataSize: '1000', strategy: 'rowByRow' });
    const large10k = iterationsOf({ dataSize: '10000', strategy: 'rowByRow' });
    expect(text).toContain(
      `row-by-row seed ${small1k.warmupIterations} + ${small1k.measurementIterations} at 1000 rows and ${large10k.warmupIterations} + ${large10k.measurementIterations} from 10000`,
    );
    const quick = suite.quick?.iterations ?? {};
    expect(text).toContain(
      `${quick.forks} fork, ${quick.warmupIterations} warmup + ${quick.measurementIterations} measured iterations of ${quick.measurementTimeMs} ms`,
    );
  });
  it("states each benchmark's axes and mode, and each axis's defaults, as the suite defines them", async () => {
    const text = await readFile(README, 'utf8');
    expect(readmeTableProblems(text, createSuite('postgres'))).toEqual([]);
  });
});
