/**
 * What a watchdog is told: its orders, passed as its one JSON argument, and the variable its password
 * travels in. Shared by the launcher and the watchdog process, which import nothing else of each
 * other (importing the watchdog runs one).
 */
import type { ConnectionInfo } from '../../types.js';

/**
 * The environment variable that carries a drop-database duty's password to the watchdog (not its
 * command line, which every user can read). Here, not in watchdog.ts: importing that runs a watchdog.
 */
export const WATCHDOG_PASSWORD_VARIABLE = 'DBBENCH_WATCHDOG_PASSWORD';

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

/**
 * Drop the url provider's work database. The password is not here (the orders are the watchdog's
 * command line, which any user can read): it travels in {@link WATCHDOG_PASSWORD_VARIABLE}.
 */
export interface DropDatabaseDuty {
  readonly kind: 'drop-database';
  /** How to reach the server as the run did, password left out. */
  readonly admin: Omit<ConnectionInfo, 'password'>;
  readonly database: string;
}

/** What one watchdog does when the runner dies. */
export type WatchdogDuty = StopServerDuty | RemoveContainersDuty | DropDatabaseDuty;

/** What the watchdog guards, passed as its one JSON argument. */
export interface WatchdogOrders {
  readonly parentPid: number;
  readonly duty: WatchdogDuty;
}
