/**
 * What the container tests check on the real container engine: whether one answers (and whether it
 * must), and what is left of a container after its server stopped — the container, its volumes, and
 * Podman's conmon monitor processes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { containerRuntime } from '../../src/providers/testcontainers/container-engine.js';
import { isNoSuchContainer } from '../../src/providers/testcontainers/labelled-containers.js';

/**
 * `DBBENCH_CONTAINER_TESTS=required` (CI sets it where it set up an engine): a missing engine fails
 * the tests instead of skipping them.
 */
export const CONTAINER_TESTS_REQUIRED = process.env['DBBENCH_CONTAINER_TESTS'] === 'required';

/** Why the container tests are skipped, or undefined when an engine answers. */
export async function containerEngineMissing(): Promise<string | undefined> {
  try {
    await containerRuntime();
    return undefined;
  } catch (error) {
    const reason =
      'no container engine answered: run `bash scripts/container-engine.sh` and `. /run/dbbench/container-engine.env`, or start Docker';
    if (CONTAINER_TESTS_REQUIRED) {
      throw new Error(`DBBENCH_CONTAINER_TESTS=required, but ${reason} (${(error as Error).message})`);
    }
    return reason;
  }
}

async function dockerode() {
  return (await containerRuntime()).container.dockerode;
}

/** Whether the engine still knows the container (in any state). */
export async function containerExists(id: string): Promise<boolean> {
  try {
    await (await dockerode()).getContainer(id).inspect();
    return true;
  } catch (error) {
    if (isNoSuchContainer(error)) return false;
    throw error;
  }
}

/** The named volumes mounted into a container (the official images declare anonymous ones). */
export async function volumesOf(id: string): Promise<string[]> {
  const inspected = await (await dockerode()).getContainer(id).inspect();
  return inspected.Mounts.flatMap((mount) => (mount.Type === 'volume' && mount.Name ? [mount.Name] : []));
}

/** Whether the engine still knows a volume. */
export async function volumeExists(name: string): Promise<boolean> {
  try {
    await (await dockerode()).getVolume(name).inspect();
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

/**
 * Live conmon processes (Podman's per-container monitor) whose command line names the container.
 * Zombies have no command line: they hold nothing and count as gone.
 */
export function conmonProcessesOf(containerId: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return commandLine.split('\0')[0]?.endsWith('conmon') === true && commandLine.includes(containerId);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Polls `check` every 200 ms until it holds or `timeoutMs` passes; resolves to whether it held. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const VOLUME_IMAGE_CONTEXT = fileURLToPath(new URL('./fixtures/volume-image/', import.meta.url));

/**
 * Builds `base` plus an anonymous volume (fixtures/volume-image) as `tag`; metadata only, a few
 * seconds. The images scripts/container-engine.sh builds declare no volume, the official ones do.
 */
export async function buildImageWithVolume(base: string, tag: string): Promise<void> {
  const { GenericContainer } = await import('testcontainers');
  await GenericContainer.fromDockerfile(VOLUME_IMAGE_CONTEXT, 'Containerfile')
    .withBuildArgs({ BASE: base })
    .build(tag, { deleteOnExit: false });
}

/** Removes an image the tests built (already gone is fine). */
export async function removeImage(tag: string): Promise<void> {
  await (
    await dockerode()
  )
    .getImage(tag)
    .remove({ force: true })
    .catch(() => undefined);
}
