import { join } from 'node:path';
import { localServerAccount } from '../../providers/local/local-server-account.js';
import { LOCAL_WORK_DATABASE, serverMaxConnections } from '../../providers/server-defaults.js';
import type { ServerFacts } from '../../providers/server-facts.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import type { EngineLocalServer, LocalServerEngine } from '../engine.js';
import { findPostgresBinaries } from './postgres-binaries.js';
import { withPostgresClient } from './postgres-connection.js';
import { readPostgresServerFacts } from './postgres-server-facts.js';

/**
 * Creates {@link LOCAL_WORK_DATABASE} on a PostgreSQL server dbbench just started (local or
 * embedded), connected to the `postgres` database, and reads its facts in the same session.
 */
export function createPostgresLocalWorkDatabase(connection: ConnectionInfo): Promise<ServerFacts> {
  return withPostgresClient(connection, 'postgres', async (admin) => {
    await admin.query(`CREATE DATABASE ${LOCAL_WORK_DATABASE}`);
    return readPostgresServerFacts(admin);
  });
}

/**
 * PostgreSQL from local binaries: initdb into a fresh temp directory, postgres on a free loopback
 * port (socket in that directory, trust authentication, max_connections from `minConnections`),
 * ready once a connection succeeds, a `dbbench` database to work in. Stopping sends SIGINT (fast
 * shutdown) to the postmaster.
 */
async function describePostgresLocalServer(options: StartServerOptions): Promise<LocalServerEngine> {
  const binaries = await findPostgresBinaries();
  const { account } = await localServerAccount('postgres', false);
  const maxConnections = serverMaxConnections(options.minConnections);
  return {
    account,
    user: 'postgres',
    names: {
      launch: `local PostgreSQL (${binaries.postgres})`,
      started: `PostgreSQL ${binaries.binDir}`,
      stopped: 'PostgreSQL',
      failed: `local PostgreSQL server (${binaries.binDir})`,
    },
    layout: (directory) => {
      const dataDir = join(directory, 'data');
      return {
        initialise: {
          command: binaries.initdb,
          args: ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'],
          logFile: 'initdb.log',
          dataDir,
        },
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
        // SIGINT is PostgreSQL's fast shutdown: no waiting for clients to disconnect.
        stopSignal: 'SIGINT',
        probe: (connection) => withPostgresClient(connection, 'postgres', () => Promise.resolve()),
        prepare: createPostgresLocalWorkDatabase,
      };
    },
  };
}

/** PostgreSQL from the binaries installed on this machine. */
export const POSTGRES_LOCAL_SERVER: EngineLocalServer = { describe: describePostgresLocalServer };
