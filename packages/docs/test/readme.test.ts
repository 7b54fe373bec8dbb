/**
 * The package README's Layout names every source file and only files that exist: a fact stated twice
 * drifts (it listed `statistics.ts` and `compare-results.ts` long after they moved to the harness).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from './fixture-paths.js';

describe('the package README', () => {
  it('lays out every source file, and no file that is gone', async () => {
    const readme = await readFile(path.join(PACKAGE_DIR, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Layout'));
    const named = new Set(
      [...layout.matchAll(/`(?:src\/(?:charts\/)?)?([\w-]+\.ts)`/g)].map((match) => match[1]!),
    );
    const sources = (await readdir(path.join(PACKAGE_DIR, 'src'), { recursive: true }))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.basename(file));
    expect(sources.filter((file) => !named.has(file))).toEqual([]);
    expect([...named].filter((file) => !sources.includes(file))).toEqual([]);
  });
});
