/**
 * A failure the user can fix (a wrong URL, an unreachable server, no provider that works here).
 * The message says what to do; the CLI prints it without a stack, so it must stand on its own and
 * must never contain a password (build it from {@link redact}ed text).
 *
 * @example
 * ```ts
 * throw new DatabaseSetupError('Set DBBENCH_POSTGRES_URL to a server dbbench may create databases on.');
 * ```
 */
export class DatabaseSetupError extends Error {
  /** Marks the error as the user's to fix, so the CLI prints the message alone. */
  readonly dbbenchUserError = true;

  constructor(message: string) {
    super(message);
    this.name = 'DatabaseSetupError';
  }
}
