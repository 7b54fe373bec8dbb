import { ENGINES } from '@dbbench/databases';
import { describe, expect, it } from 'vitest';
import { JOB_INVOCATIONS_AT_100K, jobIterations } from '../benchmarks/job.js';
import { chunkWritersOf } from './engines/registry.js';
import { isWriterName, WRITER_NAMES, writerDisplayName } from './job-writers.js';

describe('job writers', () => {
  it.each(Object.values(ENGINES))(
    '$label: every writer has its own display name, copy named for the bulk path',
    (engine) => {
      const names = WRITER_NAMES.map((writer) => writerDisplayName(engine, writer));
      expect(new Set(names).size).toBe(WRITER_NAMES.length);
      for (const name of names) expect(name.length).toBeGreaterThan(0);
      expect(writerDisplayName(engine, 'copy')).toContain(engine.bulkLoad.name);
      expect(writerDisplayName(engine, 'atomic')).toBe(chunkWritersOf(engine).atomicName);
    },
  );

  it('recognises exactly the axis values', () => {
    for (const writer of WRITER_NAMES) expect(isWriterName(writer)).toBe(true);
    expect(isWriterName('unnest')).toBe(false);
  });

  it('measures several invocations per fork at every size, fewer as they grow longer', () => {
    const at = (dataSize: string): number => jobIterations({ dataSize }).measurementIterations ?? 0;
    // A pair's turns alternate invocation by invocation: one invocation per fork leaves a line the
    // noise of a single moment per side.
    expect(at('100000')).toBe(JOB_INVOCATIONS_AT_100K);
    expect(at('100000')).toBeGreaterThanOrEqual(3);
    expect(at('100000')).toBeLessThanOrEqual(at('10000'));
    expect(at('10000')).toBeLessThanOrEqual(at('1000'));
  });
});
