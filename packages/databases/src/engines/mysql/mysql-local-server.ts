import { join } from 'node:path';
import { localServerAccount } from '../../providers/local/local-server-account.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from '../../providers/server-defaults.js';
import type { StartServerOptions } from '../../types.js';
import type { EngineLocalServer, LocalServerEngine } from '../engine.js';
import { findMysqlBinaries, type MysqlBinaries } from './mysql-binaries.js';
import { withMysqlConnection } from './mysql-connection.js';
import { readMysqlServerFacts } from './mysql-server-facts.js';

// MySQL 8.4's default, so seeding batches fit the same on MariaDB (16M default) and MySQL.
const MAX_ALLOWED_PACKET = '64M';

/**
 * MySQL/MariaDB from local binaries: a fresh data directory (mariadb-install-db, or
 * `mysqld --initialize-insecure`), the server with `--no-defaults` on a free loopback port (socket in
 * the temp directory, root without password, max_connections from `minConnections`), ready once a
 * connection succeeds, a `dbbench` database to work in. Stopping sends SIGTERM to mysqld.
 */
async function describeMysqlLocalServer(options: StartServerOptions): Promise<LocalServerEngine> {
  const binaries = await findMysqlBinaries();
  // MariaDB runs as root with --user=root when there is no mysql user; Oracle's mysqld needs one.
  const { account, asRoot } = await localServerAccount('mysql', binaries.flavour === 'mariadb');
  const userFlags = asRoot ? ['--user=root'] : [];
  const what = `${binaries.flavour === 'mariadb' ? 'MariaDB' : 'MySQL'} (${binaries.server})`;
  return {
    account,
    user: 'root',
    names: { launch: what, started: what, stopped: what, failed: `${what} server` },
    layout: (directory) => {
      const dataDir = join(directory, 'data');
      const socketPath = join(directory, 'mysqld.sock');
      return {
        initialise: {
          command: binaries.installDb ?? binaries.server,
          args: initialiseArgs(binaries, dataDir, userFlags),
          logFile: 'install.log',
          dataDir,
        },
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
        stopSignal: 'SIGTERM',
        probe: (connection) => withMysqlConnection(connection, '', () => Promise.resolve(), { socketPath }),
        prepare: async (connection) => {
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
          return withMysqlConnection(connection, LOCAL_WORK_DATABASE, readMysqlServerFacts);
        },
      };
    },
  };
}

/** MySQL or MariaDB from the binaries installed on this machine. */
export const MYSQL_LOCAL_SERVER: EngineLocalServer = { describe: describeMysqlLocalServer };

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
