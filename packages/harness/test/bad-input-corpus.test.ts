/**
 * The bad-input corpus: every case of every table must fail with its exit code, at most three lines
 * on stderr, no stack trace, nothing started and nothing written — the scratch directory, with its
 * committed-looking report, is byte-identical afterwards.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCase, snapshot, STACK_FRAME, type CaseOutcome } from './corpus/bad-input.js';
import { dbbenchRunTable } from './corpus/run-cases.js';
import { runDbbench, SYNTHETIC_SUITE } from './run-dbbench.js';

let committedReport = '';
const tables = [dbbenchRunTable(() => committedReport)];
const outcomes: (CaseOutcome & { name: string })[] = [];

describe('bad-input corpus', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'dbbench-corpus-'));
    // Cases run as `nobody` (when the tests run as root) must reach their scratch directories.
    await chmod(root, 0o755);
    // A real report, as a committed one looks.
    const committed = join(root, 'committed.json');
    const run = await runDbbench(
      [
        'run',
        SYNTHETIC_SUITE,
        '-b',
        '^isolation$',
        '-p',
        'label=a',
        '-i',
        '1',
        '--warmup-iterations',
        '0',
        '--out',
        committed,
      ],
      { DBBENCH_LOCK_FILE: join(root, 'measure.lock') },
    );
    if (run.code !== 0) throw new Error(`could not make the committed report:\n${run.stderr}`);
    committedReport = await readFile(committed, 'utf8');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    const count = outcomes.length;
    const slowest = Math.max(0, ...outcomes.map((outcome) => outcome.elapsedMs));
    console.log(`bad-input corpus: ${count} cases refused (slowest ${Math.round(slowest)} ms)`);
  });

  for (const table of tables) {
    describe(table.name, () => {
      it('has at least 40 cases', () => {
        expect(table.cases.length).toBeGreaterThanOrEqual(40);
      });
      for (const testCase of table.cases) {
        it.concurrent(`refuses ${testCase.name}`, async () => {
          const dir = await mkdtemp(join(root, 'case-'));
          await table.prepare({ dir });
          await testCase.prepare?.({ dir });
          const before = snapshot(dir);
          const outcome = await runCase(testCase, { dir });
          outcomes.push({ ...outcome, name: testCase.name });
          const lines = outcome.stderr.trimEnd().split('\n');
          expect(outcome.stderr).toMatch(testCase.stderr);
          expect(outcome.code).toBe(testCase.exitCode);
          expect(lines.length).toBeLessThanOrEqual(3);
          expect(outcome.stderr).not.toMatch(STACK_FRAME);
          expect(outcome.stderr).not.toMatch(/unexpected error/);
          if (testCase.forbiddenOutput !== undefined) {
            expect(outcome.stdout).not.toMatch(testCase.forbiddenOutput);
          }
          expect(snapshot(dir)).toEqual(before);
          // A refused input is refused at once; a hang would run into the 60 s limit.
          expect(outcome.elapsedMs).toBeLessThan(30_000);
        });
      }
    });
  }
});
