/**
 * Errors a user can cause (bad flags, a missing suite, an unreadable report). The CLI prints their
 * message as one line, without a stack, so the message itself must say what to do.
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

/** The message of anything thrown (non-Error throws included), for failure records. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
