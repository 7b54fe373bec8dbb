/**
 * A bad-input corpus: command lines a user can get wrong, each run as a real process in a scratch
 * directory, each expected to fail the same way — the right exit code, at most three lines on
 * stderr, no stack trace, nothing started, nothing written, and the files already there (a
 * committed-looking report) byte-identical afterwards.
 *
 * A case table is a list of {@link BadInputCase}; any CLI of the repository can add one.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NOBODY, reachableByNobody } from '../unprivileged-checkout.js';

/** The scratch directory a case runs in; `{dir}`-relative paths are built from it. */
export interface CaseDirectory {
  /** Absolute path of the scratch directory (created empty, then prepared by the table and the case). */
  readonly dir: string;
}

/** One way to get a command wrong. */
export interface BadInputCase {
  /** What is wrong, e.g. "a negative fork count"; the test is named after it. */
  readonly name: string;
  /** The node script to run (a package's bin). */
  readonly bin: string;
  readonly args: (scratch: CaseDirectory) => readonly string[];
  /** Extra environment variables. */
  readonly env?: (scratch: CaseDirectory) => NodeJS.ProcessEnv;
  /** Prepares the scratch directory beyond what the table prepares for every case. */
  readonly prepare?: (scratch: CaseDirectory) => void | Promise<void>;
  readonly exitCode: number;
  /** What stderr must say. */
  readonly stderr: RegExp;
  /** Output that would prove something started (e.g. a suite's setup line). */
  readonly forbiddenOutput?: RegExp;
  /**
   * Run as the unprivileged `nobody` user when the tests run as root (who ignores file permissions),
   * so a read-only directory is read-only for the process.
   */
  readonly unprivileged?: boolean;
}

/** What a case's process did. */
export interface CaseOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
}

/** The uid/gid of `nobody`, used for {@link BadInputCase.unprivileged} cases when running as root. */
export { NOBODY };

/** Whether this process runs as root (so unprivileged cases switch user). */
export const RUNNING_AS_ROOT = process.getuid?.() === 0;

/** Runs a case's command in its scratch directory; a hang is killed after `limitMs`. */
export function runCase(
  testCase: BadInputCase,
  scratch: CaseDirectory,
  limitMs = 60_000,
): Promise<CaseOutcome> {
  const asNobody = testCase.unprivileged === true && RUNNING_AS_ROOT;
  if (asNobody) chmodSync(scratch.dir, 0o755);
  // `nobody` runs the checkout's code from where it can reach it (see unprivileged-checkout.ts).
  const reach = (path: string) => (asNobody ? reachableByNobody(path) : path);
  const command = [reach(testCase.bin), ...testCase.args(scratch).map(reach)];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      cwd: scratch.dir,
      env: { ...process.env, ...testCase.env?.(scratch) },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asNobody ? NOBODY : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({
        code: code ?? (signal === null ? 1 : -1),
        stdout,
        stderr,
        elapsedMs: performance.now() - started,
      });
    });
  });
}

/** Every entry under `dir` (directories and files) with a hash of each file's bytes. */
export function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      const stats = lstatSync(path);
      const key = relative(dir, path);
      if (stats.isDirectory()) {
        entries[`${key}/`] = `directory ${(stats.mode & 0o7777).toString(8)}`;
        walk(path);
      } else {
        entries[key] = createHash('sha256').update(readFileSync(path)).digest('hex');
      }
    }
  };
  walk(dir);
  return entries;
}

/** Lines that look like a JavaScript stack frame. */
export const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>)$/m;
