import { randomBytes } from 'node:crypto';
import type { Engine, EngineEmbedded } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import { localServerAccount } from '../local/local-server-account.js';
import { createServerDirectory, removeServerDirectory } from '../local/local-server-launch.js';
import { freeLoopbackPort } from '../local/free-port.js';
import { startWatchdog, type Watchdog } from '../local/watchdog-launcher.js';
import { serverStartError } from '../start-failure-log.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from '../server-defaults.js';
import { databaseInfo } from '../database-info.js';
import { StartedServerHandle } from '../started-server-handle.js';
import { cachedBinaries } from './binary-cache.js';
import type { EmbeddedCluster } from './embedded-cluster.js';

const PORT_ATTEMPTS = 3;

/** The engine's embedded server, or a setup error saying why it has none. */
function embeddedOf(engine: Engine): EngineEmbedded {
  if ('unavailable' in engine.embedded) {
    throw new DatabaseSetupError(
      `The embedded provider has no ${engine.label} server (${engine.embedded.unavailable}).`,
    );
  }
  return engine.embedded;
}

/**
 * embedded provider, any engine that ships one: the server binaries of an npm package, so a
 * machine without Docker or a local server can still run. A fresh temp directory, a free loopback
 * port, password authentication with a random password, a `dbbench` database, and the same
 * watchdog as the local provider. Stopping stops the server and removes the directory.
 */
export async function startEmbeddedServer(
  engine: Engine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  const embedded = embeddedOf(engine);
  const { account } =
    embedded.systemUser === undefined
      ? { account: undefined }
      : await localServerAccount(embedded.systemUser, false);
  // Before anything is created: a cache the account cannot read fails here, in one line.
  const binaries = await cachedBinaries(await embedded.locateBinaries(), account);
  const directory = await createServerDirectory(`embedded-${engine.name}`, account);
  const password = randomBytes(16).toString('hex');
  let cluster: EmbeddedCluster | undefined;
  let watchdog: Watchdog | undefined;
  const stopAndRemove = async (): Promise<void> => {
    await cluster?.stop();
    await removeServerDirectory(directory);
    watchdog?.dismiss();
  };
  try {
    let port = 0;
    for (let attempt = 1; ; attempt += 1) {
      port = await freeLoopbackPort();
      const candidate = await embedded.createCluster({
        directory,
        binaries,
        account,
        port,
        password,
        maxConnections: serverMaxConnections(options.minConnections),
      });
      if (attempt === 1) await candidate.initialise();
      try {
        await candidate.start();
        cluster = candidate;
        break;
      } catch (error) {
        await candidate.stop().catch(() => undefined);
        const portTaken = /could not bind|address already in use/i.test(String(error));
        if (attempt < PORT_ATTEMPTS && portTaken) continue;
        throw error;
      }
    }
    const serverPid = cluster.serverPid();
    watchdog = startWatchdog({ serverPid, signal: embedded.stopSignal, directory });
    const connection: ConnectionInfo = {
      engine: engine.name,
      host: '127.0.0.1',
      port,
      user: embedded.user,
      password,
      database: LOCAL_WORK_DATABASE,
    };
    const facts = await embedded.prepare(connection);
    options.log?.(
      `embedded: ${engine.label} on 127.0.0.1:${port}, data in ${directory} (watchdog ${watchdog.pid})`,
    );
    return new StartedServerHandle(
      connection,
      databaseInfo(engine, 'embedded', connection, facts),
      async () => {
        await stopAndRemove();
        options.log?.(`embedded: ${engine.label} on port ${port} stopped, ${directory} removed`);
      },
      { serverPid, directory, watchdogPid: watchdog.pid },
    );
  } catch (error) {
    // Before the directory goes: the failed tool's log in it is kept for the user.
    const failure = await serverStartError(error, {
      what: `embedded ${engine.label} server (${embedded.packageName})`,
      account: account?.name,
      secrets: [password],
    });
    await stopAndRemove().catch(() => undefined);
    throw failure;
  }
}
