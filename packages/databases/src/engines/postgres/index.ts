/** PostgreSQL: everything dbbench needs to know about it, behind the {@link Engine} interface. */
import type { Engine } from '../engine.js';
import { POSTGRES_BULK_LOAD } from './postgres-bulk-load.js';
import { POSTGRES_CACHE_WARMUP } from './postgres-cache-warmup.js';
import { POSTGRES_CONTAINER } from './postgres-container.js';
import { POSTGRES_SERVER_COUNTERS } from './postgres-counters.js';
import { POSTGRES_EMBEDDED } from './postgres-embedded.js';
import { POSTGRES_LOCAL_SERVER } from './postgres-local-server.js';
import { POSTGRES_POOL } from './postgres-pool.js';
import { POSTGRES_SCHEMA } from './postgres-schema.js';
import { POSTGRES_FACTS } from './postgres-server-facts.js';
import { POSTGRES_SQL } from './postgres-sql.js';
import { POSTGRES_URL } from './postgres-url.js';
import { POSTGRES_WORK_DATABASE } from './postgres-work-database.js';

/** The PostgreSQL engine, registered in `registry.ts`. */
export const postgresEngine: Engine = {
  name: 'postgres',
  label: 'PostgreSQL',
  url: POSTGRES_URL,
  pool: POSTGRES_POOL,
  workDatabase: POSTGRES_WORK_DATABASE,
  facts: POSTGRES_FACTS,
  localServer: POSTGRES_LOCAL_SERVER,
  container: POSTGRES_CONTAINER,
  embedded: POSTGRES_EMBEDDED,
  schema: POSTGRES_SCHEMA,
  sql: POSTGRES_SQL,
  bulkLoad: POSTGRES_BULK_LOAD,
  counters: POSTGRES_SERVER_COUNTERS,
  cacheWarmup: POSTGRES_CACHE_WARMUP,
};
