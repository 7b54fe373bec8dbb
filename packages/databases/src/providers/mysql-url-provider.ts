import type { StartServerOptions } from '../types.js';
import { MYSQL_WORK_DATABASE } from './mysql-work-database.js';
import type { StartedServerHandle } from './started-server-handle.js';
import { startUrlServer, type UrlServerEngine } from './url-server.js';

const MYSQL_URL_SERVER: UrlServerEngine = {
  engine: 'mysql',
  label: 'MySQL',
  createPrivilege: 'CREATE databases',
  // MySQL needs no database to connect to: CREATE/DROP run from whatever the URL names, or none.
  adminConnection: (parsed) => parsed,
  workDatabase: MYSQL_WORK_DATABASE,
};

/**
 * url provider, MySQL/MariaDB: on the server the user names (`options.url` or DBBENCH_MYSQL_URL),
 * creates a fresh `dbbench_<suite>_<random>` database and points the handle at it. Stopping kills the
 * sessions still using it and drops it. Nothing else on the server is touched.
 */
export function startMysqlUrlServer(options: StartServerOptions): Promise<StartedServerHandle> {
  return startUrlServer(MYSQL_URL_SERVER, options);
}
