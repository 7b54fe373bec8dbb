import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from './free-port.js';
import {
  logTail,
  spawnServerProcess,
  stopServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './server-process.js';
import type { SystemAccount } from './system-user.js';
import { startWatchdog, type Watchdog } from './watchdog-launcher.js';

// The kernel's free port can be taken before the server binds it; a fresh port usually fixes that.
const PORT_ATTEMPTS = 3;
const BIND_FAILURE =
  /could not (bind|create listen socket)|address already in use|do you already have another .*server running/i;

/**
 * A fresh temp directory for one server (data, socket, logs), owned by the account the server
 * runs as: mkdtemp makes it 0700 for the current user, which a server started as `postgres` could not enter.
 */
export async function createServerDirectory(
  engine: string,
  account: SystemAccount | undefined,
): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), `dbbench-${engine}-`));
  if (account !== undefined) await chown(directory, account.uid, account.gid);
  return directory;
}

/** How to start one server binary on a given port and tell when it is ready. */
export interface LocalLaunchPlan {
  /** `local PostgreSQL`, `local MariaDB`: for messages. */
  readonly what: string;
  readonly command: string;
  readonly args: (port: number) => readonly string[];
  readonly account: SystemAccount | undefined;
  readonly directory: string;
  /** The server's own clean shutdown signal (SIGINT: PostgreSQL fast shutdown; SIGTERM: mysqld). */
  readonly stopSignal: NodeJS.Signals;
  /** Succeeds once the server accepts a real connection. */
  readonly probe: (port: number) => Promise<void>;
}

/** A server started by {@link launchLocalServer}, guarded by its watchdog. */
export interface LaunchedServer {
  readonly port: number;
  readonly server: ServerProcess;
  readonly watchdog: Watchdog;
  /** Stops the server, waits for it, removes the directory, then dismisses the watchdog. */
  stopAndRemove(): Promise<void>;
}

/**
 * Starts the server on a free loopback port, with a watchdog from the first moment (a runner killed
 * mid-start-up leaves nothing behind), and waits until it accepts connections. Retries on a port
 * another process grabbed first.
 */
export async function launchLocalServer(plan: LocalLaunchPlan): Promise<LaunchedServer> {
  const logPath = join(plan.directory, 'server.log');
  for (let attempt = 1; ; attempt += 1) {
    const port = await freeLoopbackPort();
    const server = spawnServerProcess(plan.command, plan.args(port), { account: plan.account, logPath });
    const watchdog = startWatchdog({
      serverPid: server.pid,
      signal: plan.stopSignal,
      directory: plan.directory,
    });
    const stop = async (): Promise<void> => {
      await stopServerProcess(server, plan.stopSignal);
      watchdog.dismiss();
    };
    try {
      await waitUntilReady(server, () => plan.probe(port), plan.what);
    } catch (error) {
      await stop();
      if (attempt < PORT_ATTEMPTS && BIND_FAILURE.test(await logTail(logPath))) continue;
      throw error;
    }
    return {
      port,
      server,
      watchdog,
      async stopAndRemove() {
        await stopServerProcess(server, plan.stopSignal);
        await rm(plan.directory, { recursive: true, force: true });
        watchdog.dismiss();
      },
    };
  }
}

/** Removes a server directory after a failed start (the server, if any, is already stopped). */
export async function removeServerDirectory(directory: string): Promise<void> {
  await rm(directory, { recursive: true, force: true });
}
