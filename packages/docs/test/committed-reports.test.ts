import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs, MAX_MAIN_COLUMNS } from '../src/index.js';
import { PACKAGE_DIR, removeTempDirs, tempDir } from './fixture-paths.js';
import { lintMarkdown } from './markdown-lint.js';
import { mainTableLines } from './markdown-tables.js';

afterAll(removeTempDirs);

// The reports the suites committed, rendered into a throwaway directory (never over
// benchmark-docs/): whatever the suites measure next, the pages must stay readable.
describe('the repository’s committed reports', () => {
  it(`render lint-clean, with main tables of at most ${MAX_MAIN_COLUMNS} columns and 200 characters a line`, async () => {
    const root = path.resolve(PACKAGE_DIR, '..', '..');
    const out = await tempDir();
    const { written } = await generateDocs({ root, outDir: out });
    const pages = written.filter((file) => file.endsWith('.md') && file !== 'README.md');
    expect(pages.length).toBeGreaterThan(0);
    for (const name of pages) {
      const lines = mainTableLines(await readFile(path.join(out, name), 'utf8'));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect([name, line.length <= 200, line]).toEqual([name, true, line]);
        expect([name, line.split(' | ').length <= MAX_MAIN_COLUMNS, line]).toEqual([name, true, line]);
      }
    }
    const lint = await lintMarkdown(out);
    expect(lint.output).toContain('0 error(s)');
  });
});
