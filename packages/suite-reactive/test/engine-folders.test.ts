/**
 * The reactive suite's per-engine I/O (range readers and target writers) sits in
 * `src/streams/engines/<engine>/`, one folder per registered engine, every folder holding the same
 * file names.
 */
import { ENGINE_NAMES } from '@dbbench/databases';
import { checkEngineFolders } from '@dbbench/suite-kit/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('engine folders of the reactive suite', () => {
  const report = checkEngineFolders(fileURLToPath(new URL('../src/', import.meta.url)), ENGINE_NAMES);

  it('every engines/ folder holds one folder per registered engine, each with the same file names', () => {
    expect(report.directories).toEqual(['streams/engines']);
    expect(report.problems).toEqual([]);
  });
});
