/**
 * The containers dbbench left on the container engine, and whose they are: what `dbbench containers`
 * lists and `--rm` removes. A run's own containers go with the run (its stop, Ryuk or the watchdog);
 * what stays is reused on purpose, or orphaned — its run is gone and nothing removed it (a watchdog
 * killed too, an engine that was down at the time, a container from an older dbbench).
 */
import { hostname } from 'node:os';
import { isProcessAlive } from '../local/process-liveness.js';
import { containerRuntime } from './container-engine.js';
import {
  DBBENCH_LABEL,
  ENGINE_LABEL,
  REUSE_LABEL,
  RUN_HOST_LABEL,
  RUN_LABEL,
  RUN_PID_LABEL,
} from './container-labels.js';
import { listLabelledContainers, removeContainers, type LabelledContainer } from './labelled-containers.js';

/**
 * Whose a container is: `reused` (kept for the next run), `in-use` (its run still runs here),
 * `orphaned` (its run is gone, or it names none), `elsewhere` (a run on another host: alive or not
 * cannot be told from here).
 */
export type ContainerOwnership = 'reused' | 'in-use' | 'orphaned' | 'elsewhere';

/** A dbbench container and whose it is. */
export interface DbbenchContainer extends LabelledContainer {
  /** The engine it serves, from its label. */
  readonly engine: string | undefined;
  readonly ownership: ContainerOwnership;
  /** The run that started it, as `pid 1234 on host` (undefined for reused containers). */
  readonly run: string | undefined;
}

/** Whether `dbbench containers --rm` removes a container of this ownership: reused and orphaned ones. */
export function isRemovable(ownership: ContainerOwnership): boolean {
  return ownership === 'reused' || ownership === 'orphaned';
}

/** Whose a container is, from its labels; `alive` tells whether a PID on this host still runs. */
export function containerOwnership(
  labels: Readonly<Record<string, string>>,
  thisHost: string = hostname(),
  alive: (pid: number) => boolean = isProcessAlive,
): ContainerOwnership {
  if (labels[REUSE_LABEL] === 'true') return 'reused';
  const pid = Number(labels[RUN_PID_LABEL]);
  if (labels[RUN_LABEL] === undefined || !Number.isSafeInteger(pid) || pid <= 0) return 'orphaned';
  if (labels[RUN_HOST_LABEL] !== thisHost) return 'elsewhere';
  return alive(pid) ? 'in-use' : 'orphaned';
}

/** Every container labelled `dev.dbbench` on the container engine testcontainers finds, oldest first. */
export async function listDbbenchContainers(): Promise<DbbenchContainer[]> {
  const runtime = await containerRuntime(
    'Start the container engine the runs used, or point DOCKER_HOST at it, to list their containers.',
  );
  const containers = await listLabelledContainers(DBBENCH_LABEL, runtime);
  return containers
    .map((container) => {
      const { labels } = container;
      const ownership = containerOwnership(labels);
      const host = labels[RUN_HOST_LABEL];
      const pid = labels[RUN_PID_LABEL];
      return {
        ...container,
        engine: labels[ENGINE_LABEL],
        ownership,
        run:
          ownership === 'reused' || pid === undefined
            ? undefined
            : `pid ${pid} on ${host ?? 'an unknown host'}`,
      };
    })
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Removes the given dbbench containers with their volumes (already gone counts as removed). */
export async function removeDbbenchContainers(
  containers: readonly Pick<DbbenchContainer, 'id'>[],
): Promise<void> {
  await removeContainers(containers.map((container) => container.id));
}
