import { errorMessage } from '../define/errors.js';

/** An error tagged with the lifecycle phase it came from, so a failure record says where it failed. */
export class PhaseError extends Error {
  constructor(
    readonly phase: string,
    cause: unknown,
  ) {
    super(errorMessage(cause), { cause });
    this.name = 'PhaseError';
  }
}

/** Runs a hook and tags anything it throws with its phase (an already tagged error keeps its phase). */
export async function inPhase<T>(phase: string, hook: () => T | Promise<T>): Promise<T> {
  try {
    return await hook();
  } catch (error) {
    throw error instanceof PhaseError ? error : new PhaseError(phase, error);
  }
}
