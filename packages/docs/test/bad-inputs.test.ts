import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/index.js';
import { DOCS_BAD_INPUTS } from './bad-input-corpus.js';
import { cli, fixtureRoot, readTree, removeTempDirs, sameTree, tempDir } from './fixture-paths.js';

afterAll(async () => {
  await removeTempDirs();
  // The count CI shows and the README's guarantees name.
  console.log(`dbbench-docs bad-input corpus: ${DOCS_BAD_INPUTS.length} cases refused`);
});

/** A stack frame as Node prints it ("    at fn (file.js:12:3)"). */
const STACK_FRAME = /^\s+at .+:\d+(?::\d+)?\)?$/m;

describe(`dbbench-docs bad-input corpus (${DOCS_BAD_INPUTS.length} cases)`, () => {
  let template = '';

  beforeAll(async () => {
    // One repository with reports and the docs generated from them; every case gets a copy.
    template = await fixtureRoot({ jmh: false });
    await generateDocs({ root: template });
  });

  it('has at least 20 cases', () => {
    expect(DOCS_BAD_INPUTS.length).toBeGreaterThanOrEqual(20);
  });

  for (const testCase of DOCS_BAD_INPUTS) {
    it(`${testCase.name}: exit ${testCase.exitCode}, at most three lines, no stack, nothing written`, async () => {
      const root = await tempDir();
      await cp(template, root, { recursive: true });
      await testCase.setup?.(root);
      const before = await readTree(root);
      const result = await cli(
        testCase.args.map((arg) => arg.replaceAll('{root}', root)),
        { cwd: root, ...(testCase.env ? { env: { ...testCase.env } } : {}) },
      );
      const lines = result.stderr.trimEnd().split('\n');
      expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code: testCase.exitCode });
      expect(result.stderr).toMatch(
        typeof testCase.stderr === 'string'
          ? new RegExp(testCase.stderr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          : testCase.stderr,
      );
      expect(lines.length, result.stderr).toBeLessThanOrEqual(3);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.stdout).toBe('');
      // Nothing written: the reports, the docs and everything else are byte-identical.
      expect(sameTree(before, await readTree(root))).toBe(true);
      expect(path.isAbsolute(root)).toBe(true);
    });
  }
});
