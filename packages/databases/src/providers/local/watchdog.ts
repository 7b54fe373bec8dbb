/**
 * The watchdog: a detached process that outlives the runner. Started with
 * `node watchdog.js '<json WatchdogOrders>'` next to every local and embedded server, and next to
 * every run's containers when testcontainers runs without its Ryuk reaper; it polls the runner's PID
 * and, once the runner is gone (even by SIGKILL, which runs no exit handler), does its duty: stops
 * the server with its own shutdown signal (SIGKILL after a grace period) and removes its directory,
 * removes the run's containers by label through the container engine's API, or drops the url
 * provider's work database on the user's server. A normal stop ends
 * the watchdog with SIGTERM first. It plays the part Ryuk plays for containers.
 */
import { rmSync } from 'node:fs';
import type { ConnectionInfo } from '../../types.js';
import { isProcessAlive, waitForProcessExit } from './process-liveness.js';
import {
  WATCHDOG_PASSWORD_VARIABLE,
  type DropDatabaseDuty,
  type RemoveContainersDuty,
  type StopServerDuty,
  type WatchdogDuty,
  type WatchdogOrders,
} from './watchdog-orders.js';

const PARENT_POLL_MS = 200;
const SHUTDOWN_GRACE_MS = 8000;
// A container the runner asked for just before it died may be created after the first sweep.
const CONTAINER_SWEEPS = 2;
const CONTAINER_SWEEP_GAP_MS = 1500;
// The server may be briefly unreachable; a few tries within the 10 s the clean-up promises.
const DROP_ATTEMPTS = 4;
const DROP_RETRY_MS = 1500;

function readOrders(): WatchdogOrders {
  const orders = JSON.parse(process.argv[2] ?? '{}') as Partial<WatchdogOrders>;
  const duty = orders.duty as
    | Partial<Record<keyof (StopServerDuty & RemoveContainersDuty & DropDatabaseDuty), unknown>>
    | undefined;
  const valid =
    typeof orders.parentPid === 'number' &&
    ((duty?.kind === 'stop-server' &&
      typeof duty.serverPid === 'number' &&
      typeof duty.signal === 'string' &&
      typeof duty.directory === 'string') ||
      (duty?.kind === 'remove-containers' && typeof duty.runId === 'string' && duty.runId !== '') ||
      (duty?.kind === 'drop-database' &&
        typeof duty.admin === 'object' &&
        duty.admin !== null &&
        typeof duty.database === 'string'));
  if (!valid) {
    throw new Error(
      'watchdog: expected one JSON argument {parentPid, duty: {kind: "stop-server", serverPid, signal, directory} | {kind: "remove-containers", runId} | {kind: "drop-database", admin, database}}',
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

async function dropDatabase(duty: DropDatabaseDuty): Promise<void> {
  // Loaded only now: the drivers cost time to import, and most watchdogs are dismissed unused.
  const { engineNamed } = await import('../../engines/registry.js');
  const { isWorkDatabaseName } = await import('../work-database-name.js');
  // The same guard as a normal stop: never anything but a name dbbench generated.
  if (!isWorkDatabaseName(duty.database)) return;
  const admin: ConnectionInfo = { ...duty.admin, password: process.env[WATCHDOG_PASSWORD_VARIABLE] ?? '' };
  for (let attempt = 1; attempt <= DROP_ATTEMPTS; attempt += 1) {
    try {
      await engineNamed(admin.engine).workDatabase.endSessionsAndDrop(admin, duty.database);
      return;
    } catch {
      // Unreachable for now (or the forks' sessions still closing): try again shortly.
      await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
    }
  }
}

function perform(duty: WatchdogDuty): Promise<void> {
  if (duty.kind === 'stop-server') return stopServer(duty);
  if (duty.kind === 'remove-containers') return removeContainers(duty);
  return dropDatabase(duty);
}

const orders = readOrders();
const timer = setInterval(() => {
  if (isProcessAlive(orders.parentPid)) return;
  clearInterval(timer);
  void perform(orders.duty).finally(() => process.exit(0));
}, PARENT_POLL_MS);
