import type { StartServerOptions } from '../types.js';
import { POSTGRES_WORK_DATABASE } from './postgres-work-database.js';
import type { StartedServerHandle } from './started-server-handle.js';
import { startUrlServer, type UrlServerEngine } from './url-server.js';

const POSTGRES_URL_SERVER: UrlServerEngine = {
  engine: 'postgres',
  label: 'PostgreSQL',
  createPrivilege: 'CREATE DATABASE',
  // CREATE DATABASE runs from the database the URL names, or from `postgres` when it names none.
  adminConnection: (parsed) => ({
    ...parsed,
    database: parsed.database === '' ? 'postgres' : parsed.database,
  }),
  workDatabase: POSTGRES_WORK_DATABASE,
};

/**
 * url provider, PostgreSQL: on the server the user names (`options.url` or DBBENCH_POSTGRES_URL),
 * creates a fresh `dbbench_<suite>_<random>` database and points the handle at it. Stopping ends
 * the sessions still connected to it and drops it. Nothing else on the server is touched.
 */
export function startPostgresUrlServer(options: StartServerOptions): Promise<StartedServerHandle> {
  return startUrlServer(POSTGRES_URL_SERVER, options);
}
