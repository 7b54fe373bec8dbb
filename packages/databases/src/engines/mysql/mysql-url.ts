import type { EngineUrl } from '../engine.js';

/** MySQL and MariaDB server URLs: `mysql://user:password@host:3306/database` (or `mariadb://`). */
export const MYSQL_URL: EngineUrl = {
  schemes: ['mysql:', 'mariadb:'],
  canonicalScheme: 'mysql',
  defaultPort: 3306,
  defaultUser: 'root',
  variable: 'DBBENCH_MYSQL_URL',
  // No password in the example: messages pass through redaction, which would turn it into ***.
  example: 'mysql://root@127.0.0.1:3306/mysql',
  createPrivilege: 'CREATE databases',
  // MySQL needs no database to connect to: CREATE/DROP run from whatever the URL names, or none.
  adminConnection: (parsed) => parsed,
};
