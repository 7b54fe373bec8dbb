import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConnectionInfo } from '../../types.js';
import {
  WATCHDOG_PASSWORD_VARIABLE,
  type RemoveContainersDuty,
  type StopServerDuty,
  type WatchdogDuty,
  type WatchdogOrders,
} from './watchdog-orders.js';

/** A running watchdog; `dismiss()` ends it after a normal stop so it never acts. */
export interface Watchdog {
  readonly pid: number;
  dismiss(): void;
}

/**
 * Where the compiled watchdog script is. From dist/ it sits beside this module; when this module runs
 * from its TypeScript source (vitest), the compiled copy in dist/ is used, so build first.
 */
export function watchdogScriptPath(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return join(dirname(here), 'watchdog.js');
  return join(dirname(here), '..', '..', '..', 'dist', 'providers', 'local', 'watchdog.js');
}

/**
 * Starts a detached watchdog over a server this process started: if this process dies before
 * dismissing it, the watchdog sends `signal` to the server and removes `directory`.
 */
export function startWatchdog(server: Omit<StopServerDuty, 'kind'>): Watchdog {
  return launchWatchdog({ kind: 'stop-server', ...server });
}

/**
 * Starts a detached watchdog over the containers of run `runId`: if this process dies before
 * dismissing it, the watchdog removes every container labelled with the run, and their volumes.
 */
export function startContainerWatchdog(containers: Omit<RemoveContainersDuty, 'kind'>): Watchdog {
  return launchWatchdog({ kind: 'remove-containers', ...containers });
}

/**
 * Starts a detached watchdog over the url provider's work database: if this process dies before
 * dismissing it, the watchdog ends the sessions in `database` and drops it, connecting as `admin`.
 */
export function startDatabaseWatchdog(admin: ConnectionInfo, database: string): Watchdog {
  const { password, ...withoutPassword } = admin;
  return launchWatchdog(
    { kind: 'drop-database', admin: withoutPassword, database },
    { [WATCHDOG_PASSWORD_VARIABLE]: password },
  );
}

function launchWatchdog(duty: WatchdogDuty, extraEnv: NodeJS.ProcessEnv = {}): Watchdog {
  const script = watchdogScriptPath();
  if (!existsSync(script)) {
    throw new Error(
      `the watchdog script ${script} is missing: build @dbbench/databases first (npx turbo run build)`,
    );
  }
  const payload: WatchdogOrders = { parentPid: process.pid, duty };
  // Detached and unreferenced: its own session, so a terminal's Ctrl-C or the runner's death does not
  // take it along. It inherits the environment, so it reaches the container engine this process uses.
  const child = spawn(process.execPath, [script, JSON.stringify(payload)], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, ...extraEnv },
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the watchdog process');
  return {
    pid,
    dismiss() {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}
