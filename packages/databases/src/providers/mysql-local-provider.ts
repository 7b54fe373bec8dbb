import { join } from 'node:path';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { launchLocalServer, createServerDirectory, removeServerDirectory } from './local-server-launch.js';
import { localServerAccount } from './local-server-account.js';
import { findMysqlBinaries, type MysqlBinaries } from './mysql-binaries.js';
import { withMysqlConnection } from './mysql-connection.js';
import { readMysqlServerFacts } from './mysql-server-info.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from './server-defaults.js';
import { redactedErrorMessage } from './redact.js';
import { runSetupCommand } from './server-process.js';
import { databaseInfo } from './server-facts.js';
import { StartedServerHandle } from './started-server-handle.js';

// MySQL 8.4's default, so seeding batches fit the same on MariaDB (16M default) and MySQL.
const MAX_ALLOWED_PACKET = '64M';

/**
 * local provider, MySQL/MariaDB: a fresh data directory (mariadb-install-db, or
 * `mysqld --initialize-insecure`), the server with `--no-defaults` on a free loopback port (socket in
 * the temp directory, root without password, max_connections from `minConnections`), ready once a
 * connection succeeds, a `dbbench` database to work in, and a watchdog. Stopping sends SIGTERM to
 * mysqld, waits for it to exit and removes the directory.
 */
export async function startMysqlLocalServer(options: StartServerOptions): Promise<StartedServerHandle> {
  const binaries = await findMysqlBinaries();
  // MariaDB runs as root with --user=root when there is no mysql user; Oracle's mysqld needs one.
  const { account, asRoot } = await localServerAccount('mysql', binaries.flavour === 'mariadb');
  const directory = await createServerDirectory('mysql', account);
  const dataDir = join(directory, 'data');
  const socketPath = join(directory, 'mysqld.sock');
  const userFlags = asRoot ? ['--user=root'] : [];
  const what = `${binaries.flavour === 'mariadb' ? 'MariaDB' : 'MySQL'} (${binaries.server})`;
  let launched: Awaited<ReturnType<typeof launchLocalServer>> | undefined;
  try {
    await runSetupCommand(
      binaries.installDb ?? binaries.server,
      initialiseArgs(binaries, dataDir, userFlags),
      { account, logPath: join(directory, 'install.log') },
    );
    const root = (port: number, database: string): ConnectionInfo => ({
      engine: 'mysql',
      host: '127.0.0.1',
      port,
      user: 'root',
      password: '',
      database,
    });
    launched = await launchLocalServer({
      what,
      command: binaries.server,
      args: (port) => [
        '--no-defaults',
        `--datadir=${dataDir}`,
        ...userFlags,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${socketPath}`,
        `--pid-file=${join(directory, 'mysqld.pid')}`,
        `--max-connections=${serverMaxConnections(options.minConnections)}`,
        `--max-allowed-packet=${MAX_ALLOWED_PACKET}`,
        '--skip-name-resolve',
        // The buffer-pool dump turns a 0.2 s shutdown into 2 s and would carry state between runs.
        '--innodb-buffer-pool-dump-at-shutdown=0',
        '--innodb-buffer-pool-load-at-startup=0',
        ...flavourServerArgs(binaries),
      ],
      account,
      directory,
      stopSignal: 'SIGTERM',
      probe: (port) => withMysqlConnection(root(port, ''), '', () => Promise.resolve(), { socketPath }),
    });
    const connection = root(launched.port, LOCAL_WORK_DATABASE);
    await withMysqlConnection(
      connection,
      '',
      async (admin) => {
        // MySQL's initialize creates root@localhost only, which a TCP login from 127.0.0.1 does not
        // match under --skip-name-resolve; MariaDB already has root@127.0.0.1 and this changes nothing.
        await admin.query(`CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'`);
        await admin.query(`GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION`);
        await admin.query(`CREATE DATABASE ${LOCAL_WORK_DATABASE} CHARACTER SET utf8mb4`);
      },
      { socketPath },
    );
    const facts = await withMysqlConnection(connection, LOCAL_WORK_DATABASE, readMysqlServerFacts);
    options.log?.(
      `local: ${what} on 127.0.0.1:${launched.port}, data in ${directory} (watchdog ${launched.watchdog.pid})`,
    );
    const running = launched;
    return new StartedServerHandle(
      connection,
      databaseInfo('local', connection, facts),
      async () => {
        await running.stopAndRemove();
        options.log?.(`local: ${what} on port ${running.port} stopped, ${directory} removed`);
      },
      { serverPid: running.server.pid, directory, watchdogPid: running.watchdog.pid },
    );
  } catch (error) {
    await launched?.stopAndRemove().catch(() => undefined);
    await removeServerDirectory(directory).catch(() => undefined);
    if (error instanceof DatabaseSetupError) throw error;
    throw new DatabaseSetupError(`The ${what} server could not start: ${redactedErrorMessage(error)}`);
  }
}

function initialiseArgs(binaries: MysqlBinaries, dataDir: string, userFlags: readonly string[]): string[] {
  if (binaries.flavour === 'mariadb') {
    return [
      '--no-defaults',
      `--datadir=${dataDir}`,
      ...userFlags,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--innodb-log-file-size=16M',
    ];
  }
  return ['--no-defaults', '--initialize-insecure', `--datadir=${dataDir}`, ...userFlags];
}

function flavourServerArgs(binaries: MysqlBinaries): string[] {
  // MariaDB: a small redo log starts fast. MySQL: X Protocol would bind a fixed port (33060) that
  // two local servers would fight over.
  return binaries.flavour === 'mariadb' ? ['--innodb-log-file-size=16M'] : ['--mysqlx=OFF'];
}
