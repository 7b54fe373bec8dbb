/**
 * The watchdog: a detached process that outlives the runner. Started next to every local and
 * embedded server with `node watchdog.js '<json WatchdogOrders>'`; it polls the runner's PID and,
 * once the runner is gone (even by SIGKILL, which runs no exit handler), stops the server with its
 * own shutdown signal (SIGKILL after a grace period) and removes the server's directory. A normal
 * stop ends the watchdog with SIGTERM first. It plays the part Ryuk plays for containers.
 */
import { rmSync } from 'node:fs';
import { isProcessAlive, waitForProcessExit } from './process-liveness.js';

/** What the watchdog guards, passed as its one JSON argument. */
export interface WatchdogOrders {
  readonly parentPid: number;
  readonly serverPid: number;
  readonly signal: NodeJS.Signals;
  readonly directory: string;
}

const PARENT_POLL_MS = 200;
const SHUTDOWN_GRACE_MS = 8000;

function readOrders(): WatchdogOrders {
  const orders = JSON.parse(process.argv[2] ?? '{}') as Partial<WatchdogOrders>;
  if (
    typeof orders.parentPid !== 'number' ||
    typeof orders.serverPid !== 'number' ||
    typeof orders.signal !== 'string' ||
    typeof orders.directory !== 'string'
  ) {
    throw new Error('watchdog: expected one JSON argument {parentPid, serverPid, signal, directory}');
  }
  return orders as WatchdogOrders;
}

async function cleanUp(orders: WatchdogOrders): Promise<void> {
  if (isProcessAlive(orders.serverPid)) {
    try {
      process.kill(orders.serverPid, orders.signal);
    } catch {
      // Gone between the check and the signal.
    }
    if (!(await waitForProcessExit(orders.serverPid, SHUTDOWN_GRACE_MS))) {
      try {
        process.kill(orders.serverPid, 'SIGKILL');
      } catch {
        // Gone at the last moment.
      }
      await waitForProcessExit(orders.serverPid, 2000);
    }
  }
  rmSync(orders.directory, { recursive: true, force: true });
}

const orders = readOrders();
const timer = setInterval(() => {
  if (isProcessAlive(orders.parentPid)) return;
  clearInterval(timer);
  void cleanUp(orders).finally(() => process.exit(0));
}, PARENT_POLL_MS);
