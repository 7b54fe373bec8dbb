/**
 * The measurement lock through the real CLI: runs wait their turn in arrival order and say for whom,
 * Ctrl-C while waiting exits 130 having run nothing, and a stale lock another user left fails at
 * once with one line instead of spinning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, interruptDbbench, SYNTHETIC_SUITE, type DbbenchProcess } from './run-dbbench.js';
import { NOBODY, reachableByNobody } from './unprivileged-checkout.js';

const TINY = ['--warmup-iterations', '0', '-i', '1', '--time', '50ms'];

/** A live process whose command line names dbbench, standing in for a run that holds the lock. */
function startHolder(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'dbbench-lock-holder'], {
    stdio: 'ignore',
  });
}

/** Starts `dbbench run`, collecting its output; `waitFor` resolves once stdout matches. */
function startRun(args: readonly string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, 'run', SYNTHETIC_SUITE, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<DbbenchProcess>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr })),
  );
  const waitFor = async (pattern: RegExp): Promise<void> => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(stdout)) {
      if (Date.now() > deadline) throw new Error(`no ${String(pattern)} in:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, waitFor, output: () => stdout };
}

describe('measurement lock through the CLI', () => {
  let directory: string;
  const holders: ChildProcess[] = [];
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-lock-cli-'));
  });
  afterEach(() => {
    for (const holder of holders.splice(0)) holder.kill('SIGKILL');
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function heldLock(name: string): Promise<{ lock: string; holder: ChildProcess }> {
    const lock = join(directory, `${name}.lock`);
    const holder = startHolder();
    holders.push(holder);
    await writeFile(
      lock,
      JSON.stringify({
        pid: holder.pid,
        command: 'dbbench run other-suite.js',
        since: new Date().toISOString(),
      }),
    );
    return { lock, holder };
  }

  it('on Ctrl-C while waiting for the lock exits 130, says so, and runs nothing', async () => {
    const { lock } = await heldLock('interrupt');
    const out = join(directory, 'interrupted.json');
    const run = await interruptDbbench(
      ['run', SYNTHETIC_SUITE, '-b', '^busy$', ...TINY, '--out', out],
      /waiting for the measurement lock/,
      'SIGINT',
      { DBBENCH_LOCK_FILE: lock },
    );
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(
      /waiting for the measurement lock, position 1 in the queue: process \d+ holds it since \d\d:\d\d:\d\d \(dbbench run other-suite\.js\)/,
    );
    expect(run.stderr.trim()).toBe(
      'dbbench: SIGINT: stopped waiting for the measurement lock; nothing was run',
    );
    expect(run.stdout).not.toContain('setupRun');
    expect(existsSync(out)).toBe(false);
    console.log('Ctrl-C while waiting for the lock: exit 130, nothing run');
  });

  it('lets waiting runs measure in the order they arrived', async () => {
    const { lock, holder } = await heldLock('queue');
    const env = { DBBENCH_LOCK_FILE: lock };
    const first = startRun(['-b', '^busy$', ...TINY, '--out', join(directory, 'first.json')], env);
    await first.waitFor(/position 1 in the queue/);
    const second = startRun(['-b', '^busy$', ...TINY, '--out', join(directory, 'second.json')], env);
    await second.waitFor(/position 2 in the queue/);
    // The holder dies: its lock is stale; the first in line takes over, the second moves up behind it.
    holder.kill('SIGKILL');
    await second.waitFor(new RegExp(`position 1 in the queue: process ${first.child.pid} holds it`));
    const [firstDone, secondDone] = await Promise.all([first.exited, second.exited]);
    expect(firstDone.code).toBe(0);
    expect(secondDone.code).toBe(0);
    expect(secondDone.stdout).toContain('dbbench run');
  });

  it.skipIf(process.getuid?.() !== 0)(
    'fails at once with one line when a stale lock belongs to another user (run as nobody)',
    async () => {
      // A sticky, world-writable directory like /tmp, holding a dead run's lock that root owns.
      const shared = join(directory, 'shared');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(shared);
      await chmod(directory, 0o755);
      await chmod(shared, 0o1777);
      const lock = join(shared, 'lock');
      await writeFile(lock, '4000000\n');
      const started = Date.now();
      const run = await new Promise<DbbenchProcess>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            reachableByNobody(BIN),
            'run',
            reachableByNobody(SYNTHETIC_SUITE),
            '-b',
            '^busy$',
            ...TINY,
            '--out',
            join(shared, 'report.json'),
          ],
          {
            ...NOBODY,
            env: { ...process.env, DBBENCH_LOCK_FILE: lock, HOME: shared },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.on('close', (code) => {
          clearTimeout(killer);
          resolve({ code: code ?? 1, stdout, stderr });
        });
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(
        /^dbbench: the measurement lock .*lock was left by a dbbench run that no longer exists, and this user cannot remove it \(it belongs to user id 0\): remove it/,
      );
      // Seconds at most, not a spin until someone notices (the process start is most of it).
      const tookMs = Date.now() - started;
      expect(tookMs).toBeLessThan(20_000);
      console.log(`stale lock of another user: one-line error ${tookMs} ms after the run started`);
      expect(existsSync(join(shared, 'report.json'))).toBe(false);
    },
  );
});
