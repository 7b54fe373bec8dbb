import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectionInfo } from '../../src/types.js';

/** Runs one query on a fresh connection to `connection` and returns its rows: what a fork would do. */
export async function queryRows(connection: ConnectionInfo, sql: string): Promise<Record<string, unknown>[]> {
  if (connection.engine === 'postgres') {
    const client = new pg.Client({ ...connection });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(sql)).rows;
    } finally {
      await client.end();
    }
  }
  // mysql2 warns about (and will reject) options it does not know, such as `engine`.
  const { engine: _engine, ...options } = connection;
  const client = await mysql.createConnection(options);
  try {
    const [rows] = await client.query<mysql.RowDataPacket[]>(sql);
    return rows;
  } finally {
    await client.end();
  }
}

/** The running test servers from RULES.md (trust / empty password). */
export const SERVICE_URLS = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
} as const;

/** A suite name unique to this test run, so parallel runs by others never collide. */
export function uniqueSuite(label: string): string {
  return `providers_${label}_${process.pid}`;
}
