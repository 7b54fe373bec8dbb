import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { toolStartFailure } from '../start-failure-log.js';
import { isProcessAlive, waitForProcessExit } from './process-liveness.js';
import type { SystemAccount } from './system-user.js';

const LOG_TAIL_LINES = 25;
const READY_POLL_MS = 50;

/** How a server binary runs: as which account, writing its output to which log file. */
export interface ServerSpawnOptions {
  /** Run as this account (when this process is root); undefined runs as the current user. */
  readonly account?: SystemAccount | undefined;
  /** stdout and stderr go here, so the server never writes into a pipe whose reader died. */
  readonly logPath: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** A server process this process started and owns. */
export interface ServerProcess {
  readonly pid: number;
  readonly logPath: string;
  /** Set once the process has exited (code or signal). */
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
}

/**
 * Spawns a long-running server binary in its own process group (a terminal's Ctrl-C reaches the
 * runner, which then stops the server in order), with output appended to `logPath`.
 */
export function spawnServerProcess(
  command: string,
  args: readonly string[],
  options: ServerSpawnOptions,
): ServerProcess {
  const logFd = openSync(options.logPath, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: options.env ?? process.env,
      ...(options.account === undefined ? {} : { uid: options.account.uid, gid: options.account.gid }),
    });
  } finally {
    closeSync(logFd);
  }
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.once('error', () => {
      exited = true;
      resolve({ code: null, signal: null });
    });
  });
  return { pid: child.pid ?? -1, logPath: options.logPath, exit, hasExited: () => exited };
}

/**
 * Runs a set-up command (initdb, mariadb-install-db) to completion; on failure throws a
 * `ToolStartFailure` naming the line of its output that says what went wrong (the log keeps the rest).
 */
export async function runSetupCommand(
  command: string,
  args: readonly string[],
  options: ServerSpawnOptions,
): Promise<void> {
  const setup = spawnServerProcess(command, args, options);
  const { code, signal } = await setup.exit;
  if (code !== 0) {
    const how = signal === null ? `exited with code ${String(code)}` : `was killed by ${signal}`;
    throw await toolStartFailure(`${command} ${how}`, options.logPath);
  }
}

/**
 * Stops a server with its own shutdown signal and waits for it to exit; after `graceMs` it is
 * killed outright, so a stop always ends with no server process.
 */
export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals,
  graceMs = 15000,
): Promise<void> {
  if (server.hasExited() || !isProcessAlive(server.pid)) return;
  try {
    process.kill(server.pid, signal);
  } catch {
    // It exited between the check and the signal: nothing left to stop.
    return;
  }
  const stopped = await Promise.race([
    server.exit.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs)),
  ]);
  if (!stopped && isProcessAlive(server.pid)) {
    process.kill(server.pid, 'SIGKILL');
    await waitForProcessExit(server.pid, 5000);
  }
}

/**
 * Polls `probe` (a real connection attempt) until it succeeds. Fails early when the server exits,
 * or at the deadline, with a `ToolStartFailure` naming the server log's telling line.
 */
export async function waitUntilReady(
  server: ServerProcess,
  probe: () => Promise<void>,
  what: string,
  timeoutMs = 30000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    if (server.hasExited()) {
      throw await toolStartFailure(`${what} exited during start-up`, server.logPath);
    }
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      throw await toolStartFailure(
        `${what} did not accept connections within ${timeoutMs} ms (last error: ${reason})`,
        server.logPath,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/** The last lines of a server or set-up log, for error messages. */
export async function logTail(logPath: string, lines = LOG_TAIL_LINES): Promise<string> {
  const text = await readFile(logPath, 'utf8').catch(() => '');
  const tail = text.trimEnd().split('\n').slice(-lines).join('\n');
  return tail === '' ? `(${logPath} is empty)` : tail;
}
