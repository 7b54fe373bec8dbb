/**
 * Ctrl-C and SIGTERM for a measuring command: the first signal aborts the run (the running fork is
 * killed, what was measured is kept, the server is cleaned up) and says so; a second one stops
 * waiting for that cleanup and exits at once. Exit code 130 for SIGINT, 143 for SIGTERM.
 */
import { EXIT_CODES } from './cli-errors.js';

/** What a command under {@link withInterruptSignals} gets. */
export interface Interruption {
  /** Aborted by the first signal. */
  readonly signal: AbortSignal;
  /** The exit code the signal calls for, or undefined while none came. */
  exitCode(): number | undefined;
}

/**
 * Runs `body` with SIGINT/SIGTERM turned into an abort; `describe(signal)` is the line printed on the
 * first one (what is being stopped, given where the command is).
 */
export async function withInterruptSignals<T>(
  describe: (signal: NodeJS.Signals) => string,
  body: (interruption: Interruption) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let exitCode: number | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? EXIT_CODES.interrupted : EXIT_CODES.terminated;
    // A second signal: stop waiting for the cleanup.
    if (controller.signal.aborted) process.exit(exitCode ?? code);
    exitCode = code;
    process.stderr.write(`\ndbbench: ${signal}: ${describe(signal)}\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body({ signal: controller.signal, exitCode: () => exitCode });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
