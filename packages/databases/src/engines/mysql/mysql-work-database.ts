import type mysql from 'mysql2/promise';
import type { EngineWorkDatabase } from '../engine.js';
import { withMysqlConnection } from './mysql-connection.js';
import { readMysqlServerFacts } from './mysql-server-facts.js';

/**
 * Work databases on MySQL/MariaDB: utf8mb4; the sessions still in one are killed before the drop,
 * because their metadata locks would block it.
 */
export const MYSQL_WORK_DATABASE: EngineWorkDatabase = {
  createDatabase: (admin, database) =>
    withMysqlConnection(admin, admin.database, async (client) => {
      await client.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
    }),
  readFacts: (connection) => withMysqlConnection(connection, connection.database, readMysqlServerFacts),
  endSessionsAndDrop: (admin, database) =>
    withMysqlConnection(admin, admin.database, async (client) => {
      const [sessions] = await client.query<mysql.RowDataPacket[]>(
        'SELECT id FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()',
        [database],
      );
      for (const session of sessions) {
        // A session may end between the lookup and the kill: the outcome we want anyway.
        await client.query('KILL ?', [Number(session['id'])]).catch(() => undefined);
      }
      await client.query(`DROP DATABASE IF EXISTS ${database}`);
    }),
  listDbbenchDatabases: (admin) =>
    withMysqlConnection(admin, admin.database, async (client) => {
      // `_` is a LIKE wildcard: escaped, so only the literal prefix matches.
      const [rows] = await client.query<mysql.RowDataPacket[]>(
        "SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 'dbbench\\_%' ORDER BY schema_name",
      );
      return rows.map((row) => String(row['name']));
    }),
};
