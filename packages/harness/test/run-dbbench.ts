import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The fixture suite, in plain JavaScript so forks import it without a build step. */
export const SYNTHETIC_SUITE = fileURLToPath(new URL('./fixtures/synthetic-suite.js', import.meta.url));

/** The `dbbench` executable as installed (it imports the compiled CLI from dist/). */
export const BIN = fileURLToPath(new URL('../bin/dbbench.js', import.meta.url));

/** What a `dbbench` process printed and returned. */
export interface DbbenchProcess {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `dbbench` executable, as a user would. */
export function runDbbench(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<DbbenchProcess> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Runs a timing check, and once more if it fails: a busy shared machine can spoil one run, but a
 * harness that measures wrongly fails both.
 */
export async function withOneRetry(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch {
    await check();
  }
}

/**
 * Starts `dbbench`, sends `signal` once stdout shows `trigger`, and resolves when the process exits.
 */
export function interruptDbbench(
  args: readonly string[],
  trigger: RegExp,
  signal: NodeJS.Signals,
  env: NodeJS.ProcessEnv = {},
): Promise<DbbenchProcess> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!sent && trigger.test(stdout)) {
        sent = true;
        child.kill(signal);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
