import { engineNamed } from '@dbbench/databases';
import { apartCombinations, expandMatrix } from '@dbbench/harness';
import { STREAMING_LIKE_POOLED_WRITER } from '@dbbench/suite-kit';
import { describe, expect, it } from 'vitest';
import { ENGINE_STREAMS } from './streams/engines/registry.js';
import { createSuite } from './suite.js';

describe('createSuite', () => {
  // The hub lists one row per question, keyed by its words: two questions worded alike would merge.
  it.each(['postgres', 'mysql'] as const)('words every declared question of %s differently', (engine) => {
    const questions = (createSuite(engine).display?.answers ?? []).map((answer) => answer.question);
    expect(questions.length).toBeGreaterThan(5);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it.each(['postgres', 'mysql'] as const)(
    'crosses the job with every driver of %s, the others not',
    (engine) => {
      const suite = createSuite(engine);
      expect(suite.benchmarks['job']?.axes).toContain('driver');
      expect(suite.benchmarks['chunks']?.axes).not.toContain('driver');
      expect(suite.axes['driver']).toHaveLength(2);
    },
  );

  // Its streaming-vs-pooled questions compare these with the pooled suite's job, measured in another
  // run: the run gives them the forks a side needs for an interval whatever its budget.
  it.each(['postgres', 'mysql'] as const)(
    'compares the streaming job on 4 partitions and a pool of 10 with the pooled suite at every size (%s)',
    (engine) => {
      const suite = createSuite(engine);
      const plan = expandMatrix(suite);
      const apart = [...apartCombinations(suite, plan)].map((index) => plan[index]);
      expect(apart.map((combination) => combination?.params['dataSize'])).toEqual([
        '1000',
        '10000',
        '100000',
      ]);
      for (const combination of apart) {
        expect(combination?.benchmarkName).toBe('job');
        expect(combination?.params).toMatchObject({ poolSize: '10', partitions: '4' });
      }
    },
  );

  // The pooled suite gives forks to the pooled job named in suite-kit, since its run cannot see this
  // question: the job named must be the one that writes chunks as this suite's streams do.
  it.each(['postgres', 'mysql'] as const)(
    'compares with the pooled writer that writes its chunks as the streams do on %s',
    (engine) => {
      const streamsBulk = ENGINE_STREAMS[engine].targetWriterName === engineNamed(engine).bulkLoad.name;
      expect(STREAMING_LIKE_POOLED_WRITER[engine]).toBe(streamsBulk ? 'copy' : 'kysely');
      const pooledSide = createSuite(engine).display?.answers?.find(
        (answer) => answer.baseline.suite === 'pooled',
      )?.baseline;
      expect(pooledSide?.where).toMatchObject({ writer: STREAMING_LIKE_POOLED_WRITER[engine] });
    },
  );
});
