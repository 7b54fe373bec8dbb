/**
 * Errors a user can cause (bad flags, a missing suite, an unreadable report). The CLI prints their
 * message — usually one line, a few when it lists what was tried — without a stack, so the message
 * itself must say what to do.
 */

/** A mistake the user can fix; `usage` marks command-line mistakes (exit code 2). */
export class DbbenchError extends Error {
  /** Lets code that cannot import the harness (e.g. @dbbench/databases) mark its errors the same way. */
  readonly dbbenchUserError = true;
  /** True for command-line mistakes: the CLI exits with code 2 instead of 1. */
  readonly usage: boolean;

  constructor(message: string, options: { usage?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DbbenchError';
    this.usage = options.usage ?? false;
  }
}

/** A command-line mistake: printed as one line, exit code 2. */
export function usageError(message: string): DbbenchError {
  return new DbbenchError(message, { usage: true });
}

/**
 * The run was interrupted (Ctrl-C or SIGTERM) before it could start measuring, e.g. while waiting
 * for another run's measurement lock. The CLI exits 130 (143 for SIGTERM) without printing it again.
 */
export class InterruptedError extends DbbenchError {
  constructor(message: string) {
    super(message);
    this.name = 'InterruptedError';
  }
}

/**
 * Whether an error is a user error: a {@link DbbenchError}, or any `Error` carrying
 * `dbbenchUserError === true` (how packages that cannot import the harness mark theirs).
 */
export function isUserError(error: unknown): error is Error & { dbbenchUserError: true } {
  return (
    error instanceof Error && (error as Error & { dbbenchUserError?: unknown }).dbbenchUserError === true
  );
}

/** Whether an error is a command-line mistake (exit code 2). */
export function isUsageError(error: unknown): boolean {
  return isUserError(error) && (error as { usage?: unknown }).usage === true;
}

/** A user's value as an error message quotes it: long enough to recognise, short enough for one line. */
export function shortenValue(text: string): string {
  return text.length > 24 ? `${text.slice(0, 12)}…${text.slice(-6)}` : text;
}

/** The message of anything thrown (non-Error throws included), for failure records. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
