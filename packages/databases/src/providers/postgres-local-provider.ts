import { join } from 'node:path';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { launchLocalServer, createServerDirectory, removeServerDirectory } from './local-server-launch.js';
import { localServerAccount } from './local-server-account.js';
import { findPostgresBinaries } from './postgres-binaries.js';
import { withPostgresClient } from './postgres-connection.js';
import { readPostgresServerFacts } from './postgres-server-info.js';
import { redactedErrorMessage } from './redact.js';
import { runSetupCommand } from './server-process.js';
import { databaseInfo } from './server-facts.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from './server-defaults.js';
import { StartedServerHandle } from './started-server-handle.js';

/**
 * local provider, PostgreSQL: initdb into a fresh temp directory, postgres on a free loopback port
 * (socket in that directory, trust authentication, max_connections from `minConnections`), ready once
 * a connection succeeds, a `dbbench` database to work in, and a watchdog. Stopping sends SIGINT (fast
 * shutdown) to the postmaster, waits for it to exit and removes the directory.
 */
export async function startPostgresLocalServer(options: StartServerOptions): Promise<StartedServerHandle> {
  const binaries = await findPostgresBinaries();
  const { account } = await localServerAccount('postgres', false);
  const directory = await createServerDirectory('postgres', account);
  const dataDir = join(directory, 'data');
  const maxConnections = serverMaxConnections(options.minConnections);
  let launched: Awaited<ReturnType<typeof launchLocalServer>> | undefined;
  try {
    await runSetupCommand(
      binaries.initdb,
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'],
      { account, logPath: join(directory, 'initdb.log') },
    );
    const server = (port: number, database: string): ConnectionInfo => ({
      engine: 'postgres',
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: '',
      database,
    });
    launched = await launchLocalServer({
      what: `local PostgreSQL (${binaries.postgres})`,
      command: binaries.postgres,
      args: (port) => [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        directory,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `max_connections=${maxConnections}`,
      ],
      account,
      directory,
      stopSignal: 'SIGINT',
      probe: (port) => withPostgresClient(server(port, 'postgres'), 'postgres', () => Promise.resolve()),
    });
    const connection = server(launched.port, LOCAL_WORK_DATABASE);
    const facts = await withPostgresClient(connection, 'postgres', async (admin) => {
      await admin.query(`CREATE DATABASE ${LOCAL_WORK_DATABASE}`);
      return readPostgresServerFacts(admin);
    });
    options.log?.(
      `local: PostgreSQL ${binaries.binDir} on 127.0.0.1:${launched.port}, data in ${directory} (watchdog ${launched.watchdog.pid})`,
    );
    const running = launched;
    return new StartedServerHandle(
      connection,
      databaseInfo('local', connection, facts),
      async () => {
        await running.stopAndRemove();
        options.log?.(`local: PostgreSQL on port ${running.port} stopped, ${directory} removed`);
      },
      { serverPid: running.server.pid, directory, watchdogPid: running.watchdog.pid },
    );
  } catch (error) {
    await launched?.stopAndRemove().catch(() => undefined);
    await removeServerDirectory(directory).catch(() => undefined);
    if (error instanceof DatabaseSetupError) throw error;
    throw new DatabaseSetupError(
      `The local PostgreSQL server (${binaries.binDir}) could not start: ${redactedErrorMessage(error)}`,
    );
  }
}
