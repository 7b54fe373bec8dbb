/**
 * The real `dbbench` bin of this package as a child process a fault test can watch and kill: its
 * output so far, a wait for a line, and its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/dbbench.js', import.meta.url));

/** The probe suite (one `SELECT 1` benchmark) on `engine`. */
export const probeSuite = (engine: string): string => `test/fixtures/probe-${engine}-suite.js`;

/** A dbbench process being watched. */
export interface WatchedDbbench {
  readonly child: ChildProcess;
  output(): string;
  /** What it wrote to stderr alone (the lines a user error must fit in). */
  stderr(): string;
  /** Resolves with the first capture of `pattern` once the output matches; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `dbbench <args>` in this package's directory. */
export function startDbbench(args: readonly string[], env: NodeJS.ProcessEnv = {}): WatchedDbbench {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    stderr: () => stderr,
    exited,
    async waitFor(pattern, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match !== null) return match[1] ?? match[0];
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`no ${String(pattern)} in the output:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** PIDs of the processes whose command line contains `text` (a server's data directory, say). */
export function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(text)) pids.push(Number(entry));
    } catch {
      // Gone while listing.
    }
  }
  return pids;
}

/** Polls `check` every 100 ms until it is true or `timeoutMs` passes; resolves with the time taken, or undefined. */
export async function timeUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
