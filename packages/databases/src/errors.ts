/**
 * Failures a user can fix — a wrong URL, an unreachable server, a pool size of zero, a server that
 * refuses the bulk path. Each message says what to do and never holds a password, so a command line
 * can print it alone, without a stack. This package knows no command line: the suites' kit maps
 * {@link UserFixableError} to its harness's user errors.
 */

/** The base of every failure the user can fix; `instanceof` it to print the message alone. */
export class UserFixableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * No server could be obtained or prepared (no provider works here, a URL that cannot be read, a
 * server that refuses the work database). Build its message from redacted text.
 *
 * @example
 * ```ts
 * throw new DatabaseSetupError('Set DBBENCH_POSTGRES_URL to a server dbbench may create databases on.');
 * ```
 */
export class DatabaseSetupError extends UserFixableError {}

/** A value the user chose (a pool size, a row count, a partition count) that cannot work. */
export class InvalidValueError extends UserFixableError {}

/** The server refuses its bulk path (e.g. MySQL with `local_infile` off); the message says how to enable it. */
export class BulkLoadDisabledError extends UserFixableError {}
