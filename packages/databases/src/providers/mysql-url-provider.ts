import type { StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { createMysqlWorkDatabase } from './mysql-work-database.js';
import { databaseInfo } from './server-facts.js';
import { EXAMPLE_URL, URL_VARIABLE, parseServerUrl, redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';

/**
 * url provider, MySQL/MariaDB: on the server the user names (`options.url` or DBBENCH_MYSQL_URL),
 * creates a fresh `dbbench_<suite>_<random>` database and points the handle at it. Stopping kills the
 * sessions still using it and drops it. Nothing else on the server is touched.
 */
export async function startMysqlUrlServer(options: StartServerOptions): Promise<StartedServerHandle> {
  const url = options.url ?? process.env[URL_VARIABLE.mysql];
  if (url === undefined || url === '') {
    throw new DatabaseSetupError(
      `No MySQL URL given. Set ${URL_VARIABLE.mysql}=${EXAMPLE_URL.mysql} or pass --url.`,
    );
  }
  const admin = parseServerUrl('mysql', url);
  const where = `the MySQL server at ${redactedConnectionUrl(admin)}`;
  const work = await createMysqlWorkDatabase(
    admin,
    options,
    where,
    `Check that the server runs, that ${URL_VARIABLE.mysql} (or --url) is right, and that the user may CREATE databases.`,
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
