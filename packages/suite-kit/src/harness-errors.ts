/**
 * The one place database errors become harness errors. @dbbench/databases marks what a user can fix
 * with its own classes and knows no command line; the harness prints a `DbbenchError` as its message
 * alone (usage mistakes with exit code 2) and anything else as a bug.
 */
import { InvalidValueError, UserFixableError } from '@dbbench/databases';
import { DbbenchError } from '@dbbench/harness';

/** A user-fixable database error as a `DbbenchError` with the same message; anything else unchanged. */
export function toHarnessError(error: unknown): unknown {
  if (error instanceof DbbenchError || !(error instanceof UserFixableError)) return error;
  return new DbbenchError(error.message, { cause: error, usage: error instanceof InvalidValueError });
}

/** Runs `work`, rethrowing what it throws through {@link toHarnessError}. */
export async function withHarnessErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHarnessError(error);
  }
}
