/**
 * The parent side of a fork: start `node --expose-gc dist/fork-child.js`, send it one task, relay its
 * iterations, and kill it when it exceeds the timeout or the run is interrupted.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ForkFailure, ForkMessage, ForkRequest, ForkTask, IterationResult } from './fork-protocol.js';

/** The compiled fork entry; `../dist/` resolves from both src/ (tests) and dist/. */
export const FORK_CHILD_PATH = fileURLToPath(new URL('../dist/fork-child.js', import.meta.url));

/** How long a fork may linger after reporting `done` before it is killed. */
const EXIT_GRACE_MS = 5000;

/** Callbacks and limits for one fork. */
export interface ForkOptions {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  onIteration(iteration: IterationResult): void;
  onLog(message: string): void;
}

/** Runs one task in a fresh process; resolves to its failure, or undefined when it completed. */
export function runInFork(task: ForkTask, options: ForkOptions): Promise<ForkFailure | undefined> {
  return new Promise((resolve) => {
    // Only --expose-gc: inheriting the parent's flags (e.g. --inspect) would break or skew the fork.
    const child = fork(FORK_CHILD_PATH, [], {
      execArgv: ['--expose-gc'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let failure: ForkFailure | undefined;
    let done = false;
    const kill = (reason: ForkFailure): void => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timeout = setTimeout(
      () =>
        kill({
          phase: 'timeout',
          message: `no result within ${options.timeoutMs} ms; the fork was killed (raise --timeout if the benchmark is just slow)`,
        }),
      options.timeoutMs,
    );
    const onAbort = (): void => kill({ phase: 'interrupted', message: 'the run was interrupted' });
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (message: ForkMessage) => {
      if (message.type === 'iteration') options.onIteration(message.iteration);
      else if (message.type === 'log') options.onLog(message.message);
      else {
        done = true;
        failure ??= message.failure;
        clearTimeout(timeout);
        setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS).unref();
      }
    });
    child.on('error', (error) => {
      failure ??= { phase: 'crash', message: `fork process error: ${error.message}` };
    });
    // 'close', not 'exit': it fires after the IPC channel has delivered every message.
    child.on('close', (code, signal) => {
      clearTimeout(timeout);
      options.signal?.removeEventListener('abort', onAbort);
      if (!done) {
        failure ??= {
          phase: 'crash',
          message: `the fork exited (${signal ?? `code ${code}`}) before finishing`,
        };
      }
      resolve(failure);
    });
    if (options.signal?.aborted) onAbort();
    else child.send({ type: 'run', task } satisfies ForkRequest);
  });
}
