import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { ENGINE_NAMES } from '../../src/engines/registry.js';
import type { ConnectionInfo, EngineName } from '../../src/types.js';

type Engine = EngineName;

/** Both engines, so every test runs on each (as kysely's tests loop over dialects). */
export const ENGINES: readonly Engine[] = ENGINE_NAMES;

/** The local test services (RULES.md): PostgreSQL 15 and MariaDB 10.11, no passwords. */
const SERVICES: Record<Engine, Omit<ConnectionInfo, 'database'> & { engine: Engine }> = {
  postgres: { engine: 'postgres', host: '127.0.0.1', port: 5432, user: 'postgres', password: '' },
  mysql: { engine: 'mysql', host: '127.0.0.1', port: 3306, user: 'root', password: '' },
};

/** A database created for one test file, so tests never collide with other helpers' work. */
export interface ScratchDatabase {
  readonly connection: ConnectionInfo;
  drop(): Promise<void>;
}

/** Creates `dbbench_<prefix>_<random>` on the engine's local service. */
export async function createScratchDatabase(engine: Engine, prefix: string): Promise<ScratchDatabase> {
  const database = `dbbench_${prefix}_${randomBytes(4).toString('hex')}`;
  const service = SERVICES[engine];
  await runAsAdmin(engine, `CREATE DATABASE ${database}`);
  return {
    connection: { ...service, database },
    drop: () =>
      runAsAdmin(
        engine,
        engine === 'postgres'
          ? `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`
          : `DROP DATABASE IF EXISTS ${database}`,
      ),
  };
}

async function runAsAdmin(engine: Engine, statement: string): Promise<void> {
  const service = SERVICES[engine];
  if (engine === 'postgres') {
    const client = new pg.Client({ ...service, database: 'test' });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  } else {
    // mysql2 warns about (and will reject) options it does not know, such as `engine`.
    const { engine: _engine, ...options } = service;
    const connection = await mysql.createConnection({ ...options, database: 'test' });
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  }
}
