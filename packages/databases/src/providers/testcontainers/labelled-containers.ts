/**
 * dbbench's containers, found and removed by label through the container engine's API (Docker's,
 * which Podman serves too), with the client testcontainers connects with — the same engine, the same
 * configuration, whichever process asks: the runner, its watchdog, or `dbbench containers`.
 */
import type { ContainerRuntimeClient } from 'testcontainers';
import { containerRuntime } from './container-engine.js';

/** A container as the engine lists it: what `dbbench containers` shows and the watchdog removes. */
export interface LabelledContainer {
  readonly id: string;
  /** Its name without the leading slash. */
  readonly name: string;
  readonly image: string;
  /** `running`, `exited`, `created`, … */
  readonly state: string;
  readonly createdAt: Date;
  readonly labels: Readonly<Record<string, string>>;
  /** Published ports, e.g. `5432→127.0.0.1:40123`. */
  readonly ports: readonly string[];
}

/**
 * Whether the engine's error says the container does not exist: 404 from Docker; Podman answers 500
 * "no such container" for one that vanished while it was being removed.
 */
export function isNoSuchContainer(error: unknown): boolean {
  const { statusCode, message } = error as { statusCode?: number; message?: string };
  return statusCode === 404 || /no such container/i.test(message ?? '');
}

/** Every container, running or not, that carries `filter` (`key` or `key=value`). */
export async function listLabelledContainers(
  filter: string,
  runtime?: ContainerRuntimeClient,
): Promise<LabelledContainer[]> {
  const client = runtime ?? (await containerRuntime());
  const found = await client.container.dockerode.listContainers({ all: true, filters: { label: [filter] } });
  return found.map((container) => ({
    id: container.Id,
    name: (container.Names[0] ?? container.Id).replace(/^\//, ''),
    image: container.Image,
    state: container.State,
    createdAt: new Date(container.Created * 1000),
    labels: { ...container.Labels },
    ports: container.Ports.filter((port) => port.PublicPort !== undefined).map(
      (port) =>
        `${port.PrivatePort}→${port.IP === '' || port.IP === undefined ? '' : `${port.IP}:`}${port.PublicPort}`,
    ),
  }));
}

/**
 * Removes containers at once, with their anonymous volumes: killed, not stopped gracefully, since
 * what they hold is thrown away. A container already gone counts as removed.
 */
export async function removeContainers(
  ids: readonly string[],
  runtime?: ContainerRuntimeClient,
): Promise<void> {
  const client = runtime ?? (await containerRuntime());
  await Promise.all(
    ids.map(async (id) => {
      try {
        await client.container.dockerode.getContainer(id).remove({ force: true, v: true });
      } catch (error) {
        if (!isNoSuchContainer(error)) throw error;
      }
    }),
  );
}

/** Removes every container that carries `filter`; resolves to how many there were. */
export async function removeLabelledContainers(
  filter: string,
  runtime?: ContainerRuntimeClient,
): Promise<number> {
  const client = runtime ?? (await containerRuntime());
  const containers = await listLabelledContainers(filter, client);
  await removeContainers(
    containers.map((container) => container.id),
    client,
  );
  return containers.length;
}

// How long to collect a container's log tail: a running container's log stream never ends by itself.
const LOG_TAIL_WAIT_MS = 1500;

/** The last `lines` non-empty lines a container logged (stdout and stderr), for a failure message. */
export async function containerLogTail(
  id: string,
  lines: number,
  runtime?: ContainerRuntimeClient,
): Promise<string[]> {
  const client = runtime ?? (await containerRuntime());
  const stream = await client.container.logs(client.container.getById(id), { tail: lines });
  let text = '';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, LOG_TAIL_WAIT_MS);
    stream.on('data', (chunk: Buffer | string) => (text += chunk.toString()));
    stream.on('error', () => undefined);
    stream.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  stream.destroy();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-lines);
}
