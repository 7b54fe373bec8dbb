import type { ContainerRuntimeClient } from 'testcontainers';
import { DatabaseSetupError } from '../../errors.js';
import { redactedErrorMessage } from '../redact.js';
import { containerEngineMayExist } from './container-engine-hint.js';

/** What tells the user how to make testcontainers work. */
export const CONTAINER_ENGINE_FIX =
  'Start Docker or Podman (or point DOCKER_HOST at a running engine), or pick another provider with --provider.';

/**
 * The container engine testcontainers finds (DOCKER_HOST, ~/.testcontainers.properties, the usual
 * sockets), or a {@link DatabaseSetupError} saying `fix` when none answers. testcontainers' runtime lookup rejects
 * within milliseconds when there is none, so auto-selection can move on; it is imported only here
 * (and where containers are listed) because loading it costs ~300 ms.
 */
export async function containerRuntime(fix: string = CONTAINER_ENGINE_FIX): Promise<ContainerRuntimeClient> {
  if (!containerEngineMayExist()) {
    throw new DatabaseSetupError(
      `No container engine answered (DOCKER_HOST is not set and there is no ~/.testcontainers.properties or Docker socket). ${fix}`,
    );
  }
  const testcontainers = await import('testcontainers');
  try {
    return await testcontainers.getContainerRuntimeClient();
  } catch (error) {
    throw new DatabaseSetupError(`No container engine answered (${redactedErrorMessage(error)}). ${fix}`);
  }
}

/** Fails fast with {@link DatabaseSetupError} when no container engine answers. */
export async function assertContainerEngine(): Promise<void> {
  await containerRuntime();
}

/**
 * Whether testcontainers runs without its Ryuk reaper (`TESTCONTAINERS_RYUK_DISABLED=true`, read as
 * testcontainers reads it). With Ryuk, a container outlives a killed runner only until Ryuk notices;
 * without it, dbbench's watchdog removes the run's containers.
 */
export function ryukDisabled(): boolean {
  return process.env['TESTCONTAINERS_RYUK_DISABLED'] === 'true';
}
