import type { Engine } from '../../engines/engine.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import { startContainerWatchdog, type Watchdog } from '../local/watchdog-launcher.js';
import { redactedErrorMessage } from '../redact.js';
import { DEFAULT_MIN_CONNECTIONS } from '../server-defaults.js';
import { databaseInfo } from '../database-info.js';
import { StartedServerHandle } from '../started-server-handle.js';
import { serverStartError } from '../start-failure-log.js';
import { redactedConnectionUrl } from '../url/server-url.js';
import { createWorkDatabase } from '../work-database.js';
import { CONTAINER_ENGINE_FIX, containerRuntime, ryukDisabled } from './container-engine.js';
import { containerImage, declaredReadiness, imageLabels, READY_LOG_COUNT_LABEL } from './container-image.js';
import { containerLabels, newContainerRun, runLabelFilter, type ContainerRun } from './container-labels.js';
import type { ContainerPlan, RunningContainer } from './container-plan.js';
import { containerCpuLimit } from './container-cpu-limit.js';
import { containerLogTail, listLabelledContainers, removeLabelledContainers } from './labelled-containers.js';

// What to check when the work database cannot be created in a container that did start.
const CONTAINER_GONE_FIX = 'The container may have stopped.';
// Log lines of a container that failed to start kept for the user (all a failed start writes).
const FAILURE_LOG_LINES = 10_000;

/**
 * testcontainers provider, any engine: starts the engine's image (its official one, the engine's
 * image variable or `options.image`) in this (the parent) process on a random host port and works in
 * a fresh `dbbench_<suite>_<random>` database inside it, so a reused container never carries one
 * run's tables into the next. Every container is labelled (see `container-labels.ts`). Stopping drops
 * the work database and, unless `reuse`, removes the container with its volumes; if this process
 * dies first, Ryuk removes it, or dbbench's watchdog when Ryuk is disabled.
 */
export async function startTestcontainersServer(
  engine: Engine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  const runtime = await containerRuntime();
  const image = containerImage(engine.container, options.image);
  const labelsOfImage = await imageLabels(runtime, image, engine.container.imageVariable, options.log);
  const reuse = options.reuse ?? false;
  const run = reuse ? undefined : newContainerRun();
  const plan = containerPlan(engine, options, image, run, labelsOfImage);
  // From before the container exists: a runner killed during start-up leaves nothing behind.
  const watchdog =
    run !== undefined && ryukDisabled() ? startContainerWatchdog({ runId: run.id }) : undefined;
  options.log?.(`testcontainers: starting ${image} (${cleanUpNote(run, watchdog)})`);
  const startedAt = Date.now();
  const started = await startContainer(engine, plan, run).catch((error: unknown) => {
    watchdog?.dismiss();
    throw error;
  });
  options.log?.(
    `testcontainers: container ${started.getId().slice(0, 12)} ready in ${seconds(Date.now() - startedAt)}`,
  );
  const admin: ConnectionInfo = {
    engine: engine.name,
    host: started.getHost(),
    port: started.getPort(),
    user: plan.user,
    password: plan.password,
    database: plan.database,
  };
  const containerName = started.getId().slice(0, 12);
  const cpuLimit = options.limitCpus === true ? containerCpuLimit(runtime, started) : undefined;
  const stopContainer = async (): Promise<void> => {
    if (plan.reuse) {
      // A kept container must not carry this run's quota into the next.
      await cpuLimit?.apply(undefined);
      options.log?.(`testcontainers: container ${containerName} kept for the next run (reuse)`);
      return;
    }
    const stoppingAt = Date.now();
    await started.stop();
    // Only once the container is gone: if stopping failed, the watchdog still removes it when this process exits.
    watchdog?.dismiss();
    options.log?.(
      `testcontainers: container ${containerName} removed in ${seconds(Date.now() - stoppingAt)}`,
    );
  };
  try {
    const where = `the ${image} container at ${redactedConnectionUrl(engine, admin)}`;
    // A reused container may still hold a quota from a run that was killed: start from none.
    if (cpuLimit !== undefined) await cpuLimit.apply(undefined);
    const work = await createWorkDatabase(engine, admin, options, where, CONTAINER_GONE_FIX);
    options.log?.(`testcontainers: ${where}, database ${work.connection.database}`);
    return new StartedServerHandle(
      work.connection,
      { ...databaseInfo(engine, 'testcontainers', work.connection, work.facts), image },
      async () => {
        try {
          await work.drop();
        } finally {
          await stopContainer();
        }
      },
      undefined,
      { containerId: started.getId(), image, runId: run?.id, watchdogPid: watchdog?.pid },
      cpuLimit,
    );
  } catch (error) {
    await stopContainer().catch(() => undefined);
    throw error;
  }
}

/**
 * The engine's plan for this run: its labels, the readiness the image declares, and for a reused
 * container at least the default connection count, so runs of different sizes find the same one.
 */
function containerPlan(
  engine: Engine,
  options: StartServerOptions,
  image: string,
  run: ContainerRun | undefined,
  labelsOfImage: Readonly<Record<string, string>>,
): ContainerPlan {
  const reuse = run === undefined;
  const minConnections = reuse
    ? Math.max(options.minConnections ?? DEFAULT_MIN_CONNECTIONS, DEFAULT_MIN_CONNECTIONS)
    : options.minConnections;
  const plan = engine.container.plan({
    image,
    reuse,
    labels: containerLabels(engine.name, run),
    ...(minConnections === undefined ? {} : { minConnections }),
  });
  return { ...plan, readyLog: declaredReadiness(image, labelsOfImage, plan.readyLog) };
}

/**
 * Starts the planned container. A failed start removes what it left (testcontainers stops a container
 * whose wait failed but keeps it), and says what to check.
 */
async function startContainer(
  engine: Engine,
  plan: ContainerPlan,
  run: ContainerRun | undefined,
): Promise<RunningContainer> {
  try {
    return await (await engine.container.build(plan)).start();
  } catch (error) {
    const output = run === undefined ? '' : await containerOutput(run);
    if (run !== undefined) await removeLabelledContainers(runLabelFilter(run.id)).catch(() => undefined);
    const hint = startFailureHint(redactedErrorMessage(error, [plan.password]), output !== '');
    throw await serverStartError(error, {
      what: `${plan.image} container`,
      secrets: [plan.password],
      output,
      ...(hint === '' ? {} : { fix: hint }),
    });
  }
}

/** What the run's container logged before it was removed (empty if nothing or no container). */
async function containerOutput(run: ContainerRun): Promise<string> {
  try {
    const [container] = await listLabelledContainers(runLabelFilter(run.id));
    if (container === undefined) return '';
    return (await containerLogTail(container.id, FAILURE_LOG_LINES)).join('\n');
  } catch {
    return '';
  }
}

/**
 * What to do about a failed start, from testcontainers' message; empty when the container logged
 * something and nothing here applies (the fix then follows from its own last words).
 */
function startFailureHint(message: string, containerLogged: boolean): string {
  if (/Log message .* not received/.test(message)) {
    return `an image that prints its ready line a different number of times can say so with the label ${READY_LOG_COUNT_LABEL}.`;
  }
  if (/ryuk/i.test(message)) {
    return "without Ryuk, set TESTCONTAINERS_RYUK_DISABLED=true: dbbench's watchdog then removes the run's containers.";
  }
  return containerLogged ? '' : CONTAINER_ENGINE_FIX;
}

/** How the container is cleaned up if this process dies, for the start-up line. */
function cleanUpNote(run: ContainerRun | undefined, watchdog: Watchdog | undefined): string {
  if (run === undefined) return 'reused: kept after the run; dbbench containers --rm removes it';
  if (watchdog !== undefined)
    return `run ${run.id}; watchdog ${watchdog.pid} removes it if this process dies`;
  return `run ${run.id}; Ryuk removes it if this process dies`;
}

/** `1234` ms as `1.2 s`, for progress lines. */
function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
