import type { StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { createPostgresWorkDatabase } from './postgres-work-database.js';
import { databaseInfo } from './server-facts.js';
import { EXAMPLE_URL, URL_VARIABLE, parseServerUrl, redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';

/**
 * url provider, PostgreSQL: on the server the user names (`options.url` or DBBENCH_POSTGRES_URL),
 * creates a fresh `dbbench_<suite>_<random>` database and points the handle at it. Stopping ends
 * the sessions still connected to it and drops it. Nothing else on the server is touched.
 */
export async function startPostgresUrlServer(options: StartServerOptions): Promise<StartedServerHandle> {
  const url = options.url ?? process.env[URL_VARIABLE.postgres];
  if (url === undefined || url === '') {
    throw new DatabaseSetupError(
      `No PostgreSQL URL given. Set ${URL_VARIABLE.postgres}=${EXAMPLE_URL.postgres} or pass --url.`,
    );
  }
  const parsed = parseServerUrl('postgres', url);
  // CREATE DATABASE runs from the database the URL names, or from `postgres` when it names none.
  const admin = { ...parsed, database: parsed.database === '' ? 'postgres' : parsed.database };
  const where = `the PostgreSQL server at ${redactedConnectionUrl(admin)}`;
  const work = await createPostgresWorkDatabase(
    admin,
    options,
    where,
    `Check that the server runs, that ${URL_VARIABLE.postgres} (or --url) is right, and that the user may CREATE DATABASE.`,
  );
  options.log?.(`url: created database ${work.connection.database} on ${where}`);
  return new StartedServerHandle(
    work.connection,
    databaseInfo('url', work.connection, work.facts),
    async () => {
      await work.drop();
      options.log?.(`url: dropped database ${work.connection.database}`);
    },
  );
}
