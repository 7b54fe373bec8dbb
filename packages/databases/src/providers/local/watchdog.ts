/**
 * The watchdog: a detached process that outlives the runner. Started with
 * `node watchdog.js '<json WatchdogOrders>'` next to every local and embedded server, and next to
 * every run's containers when testcontainers runs without its Ryuk reaper; it polls the runner's PID
 * and, once the runner is gone (even by SIGKILL, which runs no exit handler), does its duty: stops
 * the server with its own shutdown signal (SIGKILL after a grace period) and removes its directory,
 * or removes the run's containers by label through the container engine's API. A normal stop ends
 * the watchdog with SIGTERM first. It plays the part Ryuk plays for containers.
 */
import { rmSync } from 'node:fs';
import { isProcessAlive, waitForProcessExit } from './process-liveness.js';

/** Stop a local or embedded server and remove its directory. */
export interface StopServerDuty {
  readonly kind: 'stop-server';
  readonly serverPid: number;
  readonly signal: NodeJS.Signals;
  readonly directory: string;
}

/** Remove the containers (with their volumes) that carry the run's label. */
export interface RemoveContainersDuty {
  readonly kind: 'remove-containers';
  readonly runId: string;
}

/** What one watchdog does when the runner dies. */
export type WatchdogDuty = StopServerDuty | RemoveContainersDuty;

/** What the watchdog guards, passed as its one JSON argument. */
export interface WatchdogOrders {
  readonly parentPid: number;
  readonly duty: WatchdogDuty;
}

const PARENT_POLL_MS = 200;
const SHUTDOWN_GRACE_MS = 8000;
// A container the runner asked for just before it died may be created after the first sweep.
const CONTAINER_SWEEPS = 2;
const CONTAINER_SWEEP_GAP_MS = 1500;

function readOrders(): WatchdogOrders {
  const orders = JSON.parse(process.argv[2] ?? '{}') as Partial<WatchdogOrders>;
  const duty = orders.duty as
    | Partial<Record<keyof (StopServerDuty & RemoveContainersDuty), unknown>>
    | undefined;
  const valid =
    typeof orders.parentPid === 'number' &&
    ((duty?.kind === 'stop-server' &&
      typeof duty.serverPid === 'number' &&
      typeof duty.signal === 'string' &&
      typeof duty.directory === 'string') ||
      (duty?.kind === 'remove-containers' && typeof duty.runId === 'string' && duty.runId !== ''));
  if (!valid) {
    throw new Error(
      'watchdog: expected one JSON argument {parentPid, duty: {kind: "stop-server", serverPid, signal, directory} | {kind: "remove-containers", runId}}',
    );
  }
  return orders as WatchdogOrders;
}

async function stopServer(duty: StopServerDuty): Promise<void> {
  if (isProcessAlive(duty.serverPid)) {
    try {
      process.kill(duty.serverPid, duty.signal);
    } catch {
      // Gone between the check and the signal.
    }
    if (!(await waitForProcessExit(duty.serverPid, SHUTDOWN_GRACE_MS))) {
      try {
        process.kill(duty.serverPid, 'SIGKILL');
      } catch {
        // Gone at the last moment.
      }
      await waitForProcessExit(duty.serverPid, 2000);
    }
  }
  rmSync(duty.directory, { recursive: true, force: true });
}

async function removeContainers(duty: RemoveContainersDuty): Promise<void> {
  // Loaded only now: testcontainers costs ~300 ms to import, and most watchdogs are dismissed unused.
  const { removeLabelledContainers } = await import('../testcontainers/labelled-containers.js');
  const { runLabelFilter } = await import('../testcontainers/container-labels.js');
  for (let sweep = 1; sweep <= CONTAINER_SWEEPS; sweep += 1) {
    if (sweep > 1) await new Promise((resolve) => setTimeout(resolve, CONTAINER_SWEEP_GAP_MS));
    await removeLabelledContainers(runLabelFilter(duty.runId)).catch(() => undefined);
  }
}

function perform(duty: WatchdogDuty): Promise<void> {
  return duty.kind === 'stop-server' ? stopServer(duty) : removeContainers(duty);
}

const orders = readOrders();
const timer = setInterval(() => {
  if (isProcessAlive(orders.parentPid)) return;
  clearInterval(timer);
  void perform(orders.duty).finally(() => process.exit(0));
}, PARENT_POLL_MS);
