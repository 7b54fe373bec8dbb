/** MySQL and MariaDB: everything dbbench needs to know about it, behind the {@link Engine} interface. */
import type { Engine } from '../engine.js';
import { MYSQL_BULK_LOAD } from './mysql-bulk-load.js';
import { MYSQL_CACHE_WARMUP } from './mysql-cache-warmup.js';
import { MYSQL_CONTAINER } from './mysql-container.js';
import { MYSQL_SERVER_COUNTERS } from './mysql-counters.js';
import { MYSQL_EMBEDDED } from './mysql-embedded.js';
import { MYSQL_LOCAL_SERVER } from './mysql-local-server.js';
import { MYSQL_POOL } from './mysql-pool.js';
import { MYSQL_SCHEMA } from './mysql-schema.js';
import { MYSQL_FACTS } from './mysql-server-facts.js';
import { MYSQL_SQL } from './mysql-sql.js';
import { MYSQL_URL } from './mysql-url.js';
import { MYSQL_WORK_DATABASE } from './mysql-work-database.js';

/** The MySQL / MariaDB engine, registered in `registry.ts`. */
export const mysqlEngine: Engine = {
  name: 'mysql',
  label: 'MySQL',
  url: MYSQL_URL,
  pool: MYSQL_POOL,
  workDatabase: MYSQL_WORK_DATABASE,
  facts: MYSQL_FACTS,
  localServer: MYSQL_LOCAL_SERVER,
  container: MYSQL_CONTAINER,
  embedded: MYSQL_EMBEDDED,
  schema: MYSQL_SCHEMA,
  sql: MYSQL_SQL,
  bulkLoad: MYSQL_BULK_LOAD,
  counters: MYSQL_SERVER_COUNTERS,
  cacheWarmup: MYSQL_CACHE_WARMUP,
};
