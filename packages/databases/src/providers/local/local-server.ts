import type { Engine } from '../../engines/engine.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import { LOCAL_WORK_DATABASE } from '../server-defaults.js';
import { databaseInfo } from '../database-info.js';
import { StartedServerHandle } from '../started-server-handle.js';
import { serverStartError } from '../start-failure-log.js';
import {
  createServerDirectory,
  launchLocalServer,
  removeServerDirectory,
  type LaunchedServer,
} from './local-server-launch.js';
import { createDataDirectory, type DataTemplateOptions } from './local-data-directory.js';
import { createServerCgroup, type ServerCgroup } from './cpu-cgroup.js';

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
  let cgroup: ServerCgroup | undefined;
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
    const cpuLimit = options.limitCpus === true ? await serverCgroup(engine, launched.server.pid) : undefined;
    cgroup = cpuLimit !== undefined && 'remove' in cpuLimit ? cpuLimit : undefined;
    const connection = connectionOn(launched.port);
    const facts = await layout.prepare(connection);
    options.log?.(
      `local: ${names.started} on 127.0.0.1:${launched.port}, data in ${directory} (watchdog ${launched.watchdog.pid})`,
    );
    const running = launched;
    const limit = cgroup;
    if (limit !== undefined)
      options.log?.(`local: ${names.started} moves into ${limit.path} for forks with a CPU quota`);
    else if (cpuLimit !== undefined && 'unavailable' in cpuLimit)
      options.log?.(`local: ${cpuLimit.unavailable}`);
    return new StartedServerHandle(
      connection,
      databaseInfo(engine, 'local', connection, facts),
      async () => {
        await running.stopAndRemove();
        await limit?.remove();
        options.log?.(`local: ${names.stopped} on port ${running.port} stopped, ${directory} removed`);
      },
      { serverPid: running.server.pid, directory, watchdogPid: running.watchdog.pid },
      undefined,
      cpuLimit,
    );
  } catch (error) {
    // Before the directory goes: the failed tool's log in it is kept for the user.
    const failure = await serverStartError(error, { what: names.failed, account: account?.name });
    await launched?.stopAndRemove().catch(() => undefined);
    await cgroup?.remove().catch(() => undefined);
    await removeServerDirectory(directory).catch(() => undefined);
    throw failure;
  }
}

/** The server in a cgroup of its own, or why this machine cannot give it one. */
async function serverCgroup(
  engine: Engine,
  serverPid: number,
): Promise<ServerCgroup | { readonly unavailable: string }> {
  try {
    return await createServerCgroup(engine.name, serverPid);
  } catch (error) {
    return {
      unavailable:
        `the local ${engine.label} server's CPUs cannot be limited: ${error instanceof Error ? error.message : String(error)}; ` +
        'run as root on a machine with the cgroup cpu controller, or use --provider testcontainers',
    };
  }
}
