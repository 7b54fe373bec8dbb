import { ENGINES } from '@dbbench/databases';
import { describe, expect, it } from 'vitest';
import { jobIterations } from '../benchmarks/job.js';
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

  it('gives the long single-shot combinations fewer measured invocations', () => {
    expect(jobIterations({ dataSize: '100000' }).measurementIterations).toBeLessThan(
      jobIterations({ dataSize: '10000' }).measurementIterations ?? 0,
    );
  });
});
