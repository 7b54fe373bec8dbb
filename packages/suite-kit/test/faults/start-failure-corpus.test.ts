/**
 * Start-failure corpus: servers that cannot start, each through the real `dbbench run` and a real
 * server binary. Each must fail the same way as the bad inputs of `dbbench run`: exit 1, at most three
 * lines on stderr and no stack — the cause, the fix, and the path of a log that keeps the tool's
 * whole output, which must exist after the run (mariadb-install-db alone printed 26 lines before).
 * The cases break what users break: a TMPDIR the server's account cannot write or enter (root only:
 * only then does the server run as another account), and a TMPDIR so long the server's socket path
 * exceeds the 107 bytes a Unix socket allows.
 */
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSuite, startDbbench } from './dbbench-process.js';

const RUNNING_AS_ROOT = process.getuid?.() === 0;
// Servers start and fail in seconds; a loaded 2-core machine may take a minute.
const CASE_TIMEOUT_MS = 120_000;
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/** A TMPDIR a case breaks, under the test's own directory. */
type TempKind = 'not writable by the server account' | 'not enterable by the server account' | 'too long';

interface StartFailureCase {
  readonly engine: 'postgres' | 'mysql';
  readonly provider: 'local' | 'embedded';
  readonly temp: TempKind;
  /** The line of the tool's output that must be the cause. */
  readonly cause: RegExp;
  readonly fix: RegExp;
  /** Only as root does a server run as its own account, which the directory can shut out. */
  readonly rootOnly: boolean;
}

const CASES: readonly StartFailureCase[] = [
  {
    engine: 'mysql',
    provider: 'local',
    temp: 'not writable by the server account',
    cause: /mariadb-install-db exited with code 1: .*Can't create\/write to file .*Permission denied/,
    fix: /^Fix: the mysql account cannot write TMPDIR/,
    rootOnly: true,
  },
  {
    engine: 'postgres',
    provider: 'local',
    temp: 'not enterable by the server account',
    cause: /initdb exited with code 1: initdb: error: .*Permission denied/,
    fix: /^Fix: the postgres account cannot write TMPDIR/,
    rootOnly: true,
  },
  {
    engine: 'mysql',
    provider: 'local',
    temp: 'too long',
    cause: /exited during start-up: .*socket file path is too long/,
    fix: /^Fix: a socket path under TMPDIR .* is longer than the 107 bytes/,
    rootOnly: false,
  },
  {
    engine: 'postgres',
    provider: 'local',
    temp: 'too long',
    cause: /exited during start-up: FATAL: +could not create any Unix-domain sockets/,
    fix: /^Fix: a socket path under TMPDIR .* is longer than the 107 bytes/,
    rootOnly: false,
  },
  {
    engine: 'postgres',
    provider: 'embedded',
    temp: 'too long',
    cause:
      /embedded PostgreSQL server exited during start-up: FATAL: +could not create any Unix-domain sockets/,
    fix: /^Fix: a socket path under TMPDIR .* is longer than the 107 bytes/,
    rootOnly: false,
  },
];

let root = '';
const refused: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dbbench-start-'));
  await chmod(root, 0o755);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  // The count CI shows beside the bad-input corpus.
  console.log(`start-failure corpus: ${refused.length} cases refused in three lines`);
});

/** A fresh TMPDIR broken the way the case says (owned by this user, who may still write it). */
async function brokenTemp(testCase: StartFailureCase, index: number): Promise<string> {
  if (testCase.temp === 'too long') {
    // mkdtemp adds `/dbbench-<engine>-XXXXXX` and the server `/.s.PGSQL.<port>` or `/mysqld.sock`.
    const directory = join(root, `${index}-${'t'.repeat(Math.max(1, 100 - root.length))}`);
    await mkdir(directory, { mode: 0o1777 });
    await chmod(directory, 0o1777);
    return directory;
  }
  const directory = join(root, String(index));
  await mkdir(directory);
  await chmod(directory, testCase.temp === 'not writable by the server account' ? 0o755 : 0o700);
  return directory;
}

describe('servers that cannot start say so in three lines', () => {
  it("is counted in the README's guarantees", async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme.replace(/\s+/g, ' ')).toContain(
      `"start-failure corpus: ${CASES.length} cases refused in three lines"`,
    );
  });

  for (const [index, testCase] of CASES.entries()) {
    const name = `${testCase.provider} ${testCase.engine} with a TMPDIR ${testCase.temp}`;
    it.skipIf(testCase.rootOnly && !RUNNING_AS_ROOT)(
      `${name}: exit 1, the cause, the fix and a kept log`,
      { timeout: CASE_TIMEOUT_MS },
      async () => {
        const temp = await brokenTemp(testCase, index);
        const run = startDbbench(
          ['run', probeSuite(testCase.engine), '--provider', testCase.provider, '--quick'],
          // A fresh data directory every time: a template cached by an earlier run would hide initdb.
          { TMPDIR: temp, DBBENCH_LOCAL_TEMPLATE: '0' },
        );
        const { code } = await run.exited;
        const stderr = run.stderr();
        const lines = stderr.trimEnd().split('\n');
        expect({ code, stderr }).toMatchObject({ code: 1 });
        expect(lines.length, stderr).toBeLessThanOrEqual(3);
        expect(stderr).not.toMatch(STACK_FRAME);
        expect(lines[0], stderr).toMatch(testCase.cause);
        expect(lines[1], stderr).toMatch(testCase.fix);
        const log = /^Full output: (\/\S+\.log)$/.exec(lines[2] ?? '')?.[1];
        expect(log, stderr).toBeDefined();
        // Kept after the run, readable, with the tool's whole output in it.
        const kept = await readFile(log!, 'utf8');
        expect(kept.split('\n').length).toBeGreaterThan(3);
        refused.push(name);
      },
    );
  }
});
