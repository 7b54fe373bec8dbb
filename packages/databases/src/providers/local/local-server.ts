import type { Engine } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import { redactedErrorMessage } from '../redact.js';
import { LOCAL_WORK_DATABASE } from '../server-defaults.js';
import { databaseInfo, type ServerFacts } from '../server-facts.js';
import { StartedServerHandle } from '../started-server-handle.js';
import {
  createServerDirectory,
  launchLocalServer,
  removeServerDirectory,
  type LaunchedServer,
} from './local-server-launch.js';
import { createDataDirectory, type DataTemplateOptions } from './local-data-directory.js';
import type { SystemAccount } from './system-user.js';

/** How a local server is named in each message, so every engine keeps its own wording. */
export interface LocalServerNames {
  /** While launching and waiting for readiness: `local PostgreSQL (/usr/lib/…/postgres)`. */
  readonly launch: string;
  /** In `local: <started> on 127.0.0.1:<port>, data in …`. */
  readonly started: string;
  /** In `local: <stopped> on port <port> stopped, … removed`. */
  readonly stopped: string;
  /** In `The <failed> could not start: …`. */
  readonly failed: string;
}

/** The parts of a local server that depend on its fresh temp directory. */
export interface LocalServerLayout {
  /**
   * Creates the data directory (initdb, mariadb-install-db); its output goes to `logFile` in the
   * directory. Runs once per set of binaries, arguments and account: later runs copy its result
   * (see `local-data-directory.ts`), so nothing but `dataDir` may depend on it.
   */
  readonly initialise: {
    readonly command: string;
    readonly args: readonly string[];
    readonly logFile: string;
    /** The directory the command creates, inside the server directory: what a template holds. */
    readonly dataDir: string;
  };
  /** The server binary and its arguments for a given port. */
  readonly command: string;
  args(port: number): readonly string[];
  /** The server's own clean shutdown signal. */
  readonly stopSignal: NodeJS.Signals;
  /** Succeeds once the server accepts a connection; `connection` names the port being tried. */
  probe(connection: ConnectionInfo): Promise<void>;
  /** Creates {@link LOCAL_WORK_DATABASE} on the ready server and reads its facts there. */
  prepare(connection: ConnectionInfo): Promise<ServerFacts>;
}

/** What the local provider needs to know about one engine's binaries; the flow is {@link startLocalServer}. */
export interface LocalServerEngine {
  /** The account the server runs as (undefined: this process's). */
  readonly account: SystemAccount | undefined;
  /** The superuser the data directory is initialised with: no password, loopback only. */
  readonly user: string;
  readonly names: LocalServerNames;
  layout(directory: string): LocalServerLayout;
}

/**
 * local provider, any engine: a fresh data directory in a temp directory (a copy of one initialised
 * once and kept as a template, see {@link createDataDirectory}), the server on a free loopback port,
 * ready once a connection succeeds, a `dbbench` database to work in, and a watchdog that cleans up if
 * this process dies. Stopping sends the engine's shutdown signal, waits for the server to exit and
 * removes the directory; a failed start removes everything it made. `templates` moves the template
 * cache (tests).
 */
export async function startLocalServer(
  engine: Engine,
  options: StartServerOptions,
  templates: DataTemplateOptions = {},
): Promise<StartedServerHandle> {
  const spec = await engine.localServer.describe(options);
  const { account, names } = spec;
  const directory = await createServerDirectory(engine.name, account);
  const layout = spec.layout(directory);
  const connectionOn = (port: number): ConnectionInfo => ({
    engine: engine.name,
    host: '127.0.0.1',
    port,
    user: spec.user,
    password: '',
    database: LOCAL_WORK_DATABASE,
  });
  let launched: LaunchedServer | undefined;
  try {
    await createDataDirectory({
      engine: engine.name,
      spec,
      directory,
      layout,
      log: options.log,
      options: templates,
    });
    launched = await launchLocalServer({
      what: names.launch,
      command: layout.command,
      args: (port) => layout.args(port),
      account,
      directory,
      stopSignal: layout.stopSignal,
      probe: (port) => layout.probe(connectionOn(port)),
    });
    const connection = connectionOn(launched.port);
    const facts = await layout.prepare(connection);
    options.log?.(
      `local: ${names.started} on 127.0.0.1:${launched.port}, data in ${directory} (watchdog ${launched.watchdog.pid})`,
    );
    const running = launched;
    return new StartedServerHandle(
      connection,
      databaseInfo(engine, 'local', connection, facts),
      async () => {
        await running.stopAndRemove();
        options.log?.(`local: ${names.stopped} on port ${running.port} stopped, ${directory} removed`);
      },
      { serverPid: running.server.pid, directory, watchdogPid: running.watchdog.pid },
    );
  } catch (error) {
    await launched?.stopAndRemove().catch(() => undefined);
    await removeServerDirectory(directory).catch(() => undefined);
    if (error instanceof DatabaseSetupError) throw error;
    throw new DatabaseSetupError(`The ${names.failed} could not start: ${redactedErrorMessage(error)}`);
  }
}
