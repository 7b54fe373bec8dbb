import { apartCombinations, expandMatrix } from '@dbbench/harness';
import { STREAMING_LIKE_POOLED_WRITER } from '@dbbench/suite-kit';
import { describe, expect, it } from 'vitest';
import { WRITER_NAMES } from './job/job-writers.js';
import { createSuite, POOLED_AXES } from './suite.js';

describe('createSuite', () => {
  for (const engine of ['postgres', 'mysql'] as const) {
    it(`names the ${engine} suite and declares every axis its benchmarks use`, () => {
      const suite = createSuite(engine);
      expect(suite.name).toBe('pooled');
      expect(suite.database).toBe(engine);
      expect(Object.keys(suite.benchmarks)).toEqual([
        'seed',
        'job',
        'limit',
        'queries',
        'contention',
        'rate',
      ]);
      for (const benchmark of Object.values(suite.benchmarks)) {
        for (const axis of benchmark.axes) expect(Object.keys(suite.axes)).toContain(axis);
      }
    });
  }

  it('quick axes pick one value of each narrowed axis, from the declared ones where the axis is named', () => {
    const quickAxes = createSuite('postgres').quick?.axes ?? {};
    for (const [axis, values] of Object.entries(quickAxes)) {
      // cpus alone keeps two: the smoke run sets, reads back and lifts a quota as well as running without.
      expect(values, axis).toHaveLength(axis === 'cpus' ? 2 : 1);
      expect(axis in POOLED_AXES, axis).toBe(true);
    }
    expect(quickAxes['acquireTimeout']).toEqual(['100ms']);
    expect(quickAxes['cpus']).toEqual(['none', '0.5']);
  });

  // The hub lists one row per question, keyed by its words: two questions worded alike would merge.
  it.each(['postgres', 'mysql'] as const)('words every declared question of %s differently', (engine) => {
    const questions = (createSuite(engine).display?.answers ?? []).map((answer) => answer.question);
    expect(questions.length).toBeGreaterThan(10);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('reads the provider and URL from the environment variables the README names', () => {
    const options = createSuite('mysql').options ?? {};
    expect(options['provider']?.env).toBe('DBBENCH_PROVIDER');
    expect(options['url']?.env).toBe('DBBENCH_MYSQL_URL');
    expect(createSuite('postgres').options?.['url']?.env).toBe('DBBENCH_POSTGRES_URL');
  });

  // The reactive suite compares its streaming job with these, in another run: each needs its forks
  // a side, and a grid change that dropped one would leave that question without a side.
  it.each(['postgres', 'mysql'] as const)(
    'names the pooled job of the reactive suite’s question at every data size, its writer only (%s)',
    (engine) => {
      expect(WRITER_NAMES).toContain(STREAMING_LIKE_POOLED_WRITER[engine]);
      const suite = createSuite(engine);
      const plan = expandMatrix(suite);
      const apart = [...apartCombinations(suite, plan)].map((index) => plan[index]);
      expect(apart.map((combination) => combination?.benchmarkName)).toEqual(['job', 'job', 'job']);
      expect(apart.map((combination) => combination?.params['dataSize'])).toEqual(
        POOLED_AXES.dataSize.map(String),
      );
      for (const combination of apart) {
        expect(combination?.params).toMatchObject({
          writer: STREAMING_LIKE_POOLED_WRITER[engine],
          chunkSize: '500',
          partitions: '4',
          poolSize: '10',
        });
      }
    },
  );
});
