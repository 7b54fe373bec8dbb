import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUsageError } from '../define/errors.js';
import { checkReportPath } from './report-path.js';

describe('report path check', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-report-path-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('accepts a new file in new directories and leaves nothing behind', async () => {
    checkReportPath(join(directory, 'a', 'b', 'report.json'));
    expect(existsSync(join(directory, 'a'))).toBe(false);
    await writeFile(join(directory, 'existing.json'), '[]');
    checkReportPath(join(directory, 'existing.json'));
    expect(await readdir(directory)).toEqual(['existing.json']);
  });

  it('refuses paths a report cannot be written to, with one usage line each', async () => {
    await writeFile(join(directory, 'file'), '');
    const refusals: [string, RegExp][] = [
      [directory, /it is a directory/],
      [join(directory, 'file', 'report.json'), /file is a file, not a directory/],
      [join(directory, 'file', 'deeper', 'report.json'), /file is a file, not a directory/],
      ['/proc/x/report.json', /cannot create \/proc\/x \(ENOENT\)/],
    ];
    for (const [path, problem] of refusals) {
      let caught: unknown;
      try {
        checkReportPath(path);
      } catch (error) {
        caught = error;
      }
      expect(isUsageError(caught)).toBe(true);
      expect((caught as Error).message).toMatch(problem);
      expect((caught as Error).message).not.toContain('\n');
    }
    expect(await readdir(directory)).toEqual(['file']);
  });
});
