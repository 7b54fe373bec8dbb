/**
 * The pooled suite's per-engine I/O (the job's chunk writers) sits in `src/job/engines/<engine>/`,
 * one folder per registered engine, every folder holding the same file names.
 */
import { ENGINE_NAMES } from '@dbbench/databases';
import { checkEngineFolders } from '@dbbench/suite-kit/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('engine folders of the pooled suite', () => {
  const report = checkEngineFolders(fileURLToPath(new URL('../src/', import.meta.url)), ENGINE_NAMES);

  it('every engines/ folder holds one folder per registered engine, each with the same file names', () => {
    expect(report.directories).toEqual(['job/engines']);
    expect(report.problems).toEqual([]);
  });
});
