/**
 * The one way a dbbench command line reports an error and chooses its exit code, shared by every
 * command (and by other CLIs of the repository through the package entry):
 *
 * - a user error ({@link isUserError}) is printed whole — one line, or a few when it lists what was
 *   tried — prefixed with the program name and never with a stack; exit 2 for usage mistakes, 1 for
 *   a run that failed;
 * - an interruption exits 130 (SIGINT) or 143 (SIGTERM);
 * - anything else is a bug: one line saying so, the stack only under `DBBENCH_DEBUG=1`; exit 1.
 */
import { errorMessage, InterruptedError, isUsageError, isUserError } from '../define/errors.js';

/** Exit codes of every dbbench command. */
export const EXIT_CODES = {
  ok: 0,
  /** Some combination failed, or the run could not be carried out. */
  failed: 1,
  /** A command-line or configuration mistake; nothing was started. */
  usage: 2,
  /** Interrupted by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
  /** Terminated by SIGTERM (128 + SIGTERM). */
  terminated: 143,
} as const;

/** Set to `1` to see the stack of an unexpected error. */
export const DEBUG_VARIABLE = 'DBBENCH_DEBUG';

/** The exit code for an error that ended a command. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof InterruptedError) return EXIT_CODES.interrupted;
  if (isUsageError(error)) return EXIT_CODES.usage;
  return EXIT_CODES.failed;
}

/**
 * The text printed for an error: the whole message of a user error (no stack), or one line naming
 * an unexpected error (with its stack and causes only when `debug`).
 */
export function formatCliError(
  program: string,
  error: unknown,
  debug: boolean = process.env[DEBUG_VARIABLE] === '1',
): string {
  if (isUserError(error)) {
    return `${prefixFirstLine(program, error.message)}${debug ? debugDetails(error) : ''}`;
  }
  const summary = errorMessage(error).split('\n')[0] ?? '';
  const hint = debug
    ? debugDetails(error)
    : `${program}: run with ${DEBUG_VARIABLE}=1 to see the stack trace\n`;
  return `${program}: unexpected error (a bug, please report it): ${summary}\n${hint}`;
}

/** Prints an error the way {@link formatCliError} formats it and returns its exit code. */
export function reportCliError(
  program: string,
  error: unknown,
  write: (text: string) => void = (text) => void process.stderr.write(text),
): number {
  write(formatCliError(program, error));
  return exitCodeFor(error);
}

/** `program: first line`, the following lines as they are, trailing blank lines dropped. */
export function prefixFirstLine(program: string, message: string): string {
  const lines = message.replace(/\s+$/, '').split('\n');
  return `${program}: ${lines.join('\n')}\n`;
}

function debugDetails(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(current instanceof Error ? (current.stack ?? current.message) : errorMessage(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return `${parts.join('\ncaused by: ')}\n`;
}
