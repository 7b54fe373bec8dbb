/**
 * The labels dbbench puts on every container it starts, and what they tell. `dev.dbbench=true` marks
 * them all (`scripts/container-engine.sh --stop` removes by that key). A container of one run carries
 * the run's id, host and PID: its watchdog removes exactly the run's containers, and
 * `dbbench containers` tells an orphan (its runner is gone) from one in use. A reused container
 * carries no run: testcontainers finds it again by a hash of its whole configuration, labels included.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** On every container dbbench starts: `true`. */
export const DBBENCH_LABEL = 'dev.dbbench';
/** The id of the run that owns the container (absent on reused containers). */
export const RUN_LABEL = 'dev.dbbench.run';
/** The host name and PID of that run's process. */
export const RUN_HOST_LABEL = 'dev.dbbench.run.host';
export const RUN_PID_LABEL = 'dev.dbbench.run.pid';
/** The engine the container serves, e.g. `postgres`. */
export const ENGINE_LABEL = 'dev.dbbench.engine';
/** `true` on a container kept for the next run (`--reuse true`). */
export const REUSE_LABEL = 'dev.dbbench.reuse';

/** The run a container belongs to. */
export interface ContainerRun {
  /** Random; the label its watchdog removes by. */
  readonly id: string;
  readonly host: string;
  readonly pid: number;
}

/** A fresh run identity for this process. */
export function newContainerRun(): ContainerRun {
  return { id: randomBytes(8).toString('hex'), host: hostname(), pid: process.pid };
}

/** The label filter that selects the containers of `runId`, as the container engine's API takes it. */
export function runLabelFilter(runId: string): string {
  return `${RUN_LABEL}=${runId}`;
}

/**
 * The labels of a container of `engine`: of `run` when it belongs to one, else of a reused container.
 *
 * @example
 * ```ts
 * containerLabels('postgres', newContainerRun());
 * // { 'dev.dbbench': 'true', 'dev.dbbench.engine': 'postgres', 'dev.dbbench.run': '9f…', … }
 * ```
 */
export function containerLabels(engine: string, run: ContainerRun | undefined): Record<string, string> {
  const common = { [DBBENCH_LABEL]: 'true', [ENGINE_LABEL]: engine };
  if (run === undefined) return { ...common, [REUSE_LABEL]: 'true' };
  return {
    ...common,
    [RUN_LABEL]: run.id,
    [RUN_HOST_LABEL]: run.host,
    [RUN_PID_LABEL]: String(run.pid),
  };
}
