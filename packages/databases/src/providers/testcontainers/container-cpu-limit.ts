/**
 * The testcontainers provider's CPU limit: the running container's CPU quota, changed between forks
 * through the engine's update API (Docker: `POST /containers/{id}/update` with `NanoCpus`, what
 * `docker update --cpus` sends; Podman 4, whose Docker-compatible API has no update endpoint: its
 * own `POST /libpod/containers/{id}/update` with the CFS quota, what `podman update --cpus` sends),
 * and read back from inside the container, from its own cgroup files: what the engine says it set is
 * not evidence that the kernel enforces it.
 */
import type { ContainerRuntimeClient } from 'testcontainers';
import {
  checkCpuQuota,
  CPU_PERIOD_US,
  parseCpuQuota,
  parseCpuStat,
  quotaMicroseconds,
  type CpuQuota,
  type ServerCpuLimit,
} from '../cpu-limit.js';

/** What the limit needs of the running container: its id and a way to run a command in it. */
export interface QuotaContainer {
  getId(): string;
  exec(command: string[]): Promise<{ readonly output: string; readonly exitCode: number }>;
}

// Prints cgroup v2's cpu.max, or v1's quota and period, as seen inside the container.
const READ_QUOTA_SCRIPT =
  'if [ -f /sys/fs/cgroup/cpu.max ]; then echo v2; cat /sys/fs/cgroup/cpu.max; ' +
  'else echo v1; cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/cpu/cpu.cfs_period_us; fi';

// Prints the container's own cpu.stat (v2 at the cgroup root, v1 in the cpu controller's folder).
const READ_STAT_SCRIPT =
  'if [ -f /sys/fs/cgroup/cpu.max ]; then cat /sys/fs/cgroup/cpu.stat; else cat /sys/fs/cgroup/cpu/cpu.stat; fi';

/** The CPU limit of a running container. */
export function containerCpuLimit(client: ContainerRuntimeClient, container: QuotaContainer): ServerCpuLimit {
  const id = container.getId();
  return {
    async apply(cpus) {
      await updateQuota(client, id, cpus);
      return checkCpuQuota(cpus, await readContainerQuota(container));
    },
    async throttling() {
      const { output, exitCode } = await container.exec(['sh', '-c', READ_STAT_SCRIPT]);
      const source = `container ${id.slice(0, 12)} cpu.stat`;
      if (exitCode !== 0) throw new Error(`cannot read ${source}: ${output.trim()}`);
      return parseCpuStat(output, source);
    },
  };
}

/** The quota in force inside the container, from its cgroup files. */
export async function readContainerQuota(container: QuotaContainer): Promise<CpuQuota> {
  const { output, exitCode } = await container.exec(['sh', '-c', READ_QUOTA_SCRIPT]);
  const [version, ...values] = output.trim().split(/\s+/);
  const source = `container ${container.getId().slice(0, 12)} cgroup ${version ?? '?'}`;
  if (exitCode !== 0 || (version !== 'v1' && version !== 'v2')) {
    throw new Error(
      `cannot read the CPU quota inside container ${container.getId().slice(0, 12)}: ${output.trim()}`,
    );
  }
  return version === 'v2'
    ? parseCpuQuota({ v2: values.join(' ') }, source)
    : parseCpuQuota({ v1: { quota: values[0] ?? '', period: values[1] ?? '' } }, source);
}

async function updateQuota(
  client: ContainerRuntimeClient,
  id: string,
  cpus: number | undefined,
): Promise<void> {
  const dockerode = client.container.dockerode;
  try {
    // NanoCpus 0 lifts the limit.
    await dockerode.getContainer(id).update({ NanoCpus: cpus === undefined ? 0 : Math.round(cpus * 1e9) });
    return;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
  // Podman: no compatible update endpoint; its own API takes the CFS quota (-1: none). Its routes
  // need a version prefix, which the modem adds only when it was given an API version.
  const modem = dockerode.modem as unknown as ModemDial;
  const prefix = modem.version === undefined ? '/v4.0.0' : '';
  await new Promise<void>((resolve, reject) => {
    modem.dial(
      {
        path: `${prefix}/libpod/containers/${id}/update?`,
        method: 'POST',
        options: { cpu: { quota: cpus === undefined ? -1 : quotaMicroseconds(cpus), period: CPU_PERIOD_US } },
        statusCodes: { 200: true, 201: true, 204: true, 404: 'no such container', 500: 'server error' },
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

/** The part of docker-modem's API the Podman fallback uses. */
interface ModemDial {
  readonly version?: string;
  dial(
    options: {
      path: string;
      method: string;
      options: unknown;
      statusCodes: Record<number, boolean | string>;
    },
    callback: (error: Error | null | undefined) => void,
  ): void;
}
