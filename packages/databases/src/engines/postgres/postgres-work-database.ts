import type { EngineWorkDatabase } from '../engine.js';
import { withPostgresClient } from './postgres-connection.js';
import { readPostgresServerFacts } from './postgres-server-facts.js';

/** Work databases on PostgreSQL: plain CREATE DATABASE; sessions ended with pg_terminate_backend. */
export const POSTGRES_WORK_DATABASE: EngineWorkDatabase = {
  createDatabase: (admin, database) =>
    withPostgresClient(admin, admin.database, async (client) => {
      await client.query(`CREATE DATABASE ${database}`);
    }),
  readFacts: (connection) => withPostgresClient(connection, connection.database, readPostgresServerFacts),
  endSessionsAndDrop: (admin, database) =>
    withPostgresClient(admin, admin.database, async (client) => {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      await client.query(`DROP DATABASE IF EXISTS ${database}`);
    }),
  listDbbenchDatabases: (admin) =>
    withPostgresClient(admin, admin.database, async (client) => {
      // `_` is a LIKE wildcard: escaped, so only the literal prefix matches.
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'dbbench\\_%' ORDER BY datname",
      );
      return rows.map((row) => row.datname);
    }),
};
