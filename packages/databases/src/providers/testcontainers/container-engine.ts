import { DatabaseSetupError } from '../../errors.js';
import { redactedErrorMessage } from '../redact.js';

/** What tells the user how to make testcontainers work. */
export const CONTAINER_ENGINE_FIX =
  'Start Docker or Podman (or point DOCKER_HOST at a running engine), or pick another provider with --provider.';

/**
 * Fails fast with {@link DatabaseSetupError} when no container engine answers. testcontainers'
 * runtime lookup rejects within milliseconds when there is none, so auto-selection can move on; it is
 * imported only here because loading it costs ~300 ms.
 */
export async function assertContainerEngine(): Promise<void> {
  const testcontainers = await import('testcontainers');
  try {
    await testcontainers.getContainerRuntimeClient();
  } catch (error) {
    throw new DatabaseSetupError(
      `No container engine answered (${redactedErrorMessage(error)}). ${CONTAINER_ENGINE_FIX}`,
    );
  }
}
