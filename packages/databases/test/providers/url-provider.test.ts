import { SETTLE_SETTING } from '../../src/engines/engine.js';
import { describe, expect, it } from 'vitest';
import { DatabaseSetupError } from '../../src/errors.js';
import { startServer } from '../../src/providers/start-server.js';
import type { StartedServerHandle } from '../../src/providers/started-server-handle.js';
import type { ConnectionInfo, EngineName as Engine, StartServerOptions } from '../../src/types.js';
import { SERVICE_URLS, queryRows, uniqueSuite } from './server-queries.js';

/** The url provider alone, as a test pins it. */
function startUrlProvider(
  engine: Engine,
  options: Omit<StartServerOptions, 'provider'>,
): Promise<StartedServerHandle> {
  return startServer(engine, { ...options, provider: 'url' });
}
// A password that must never show up in what dbbench prints or serialises. PostgreSQL trusts
// 127.0.0.1 and ignores it; on MariaDB a throw-away user gets it.
const SENTINEL = 'Sentinel-Pa55word-7f3a';
const SENTINEL_USER = `dbbench_sentinel_${process.pid}`;

/** A URL carrying the sentinel password that logs in, and how to remove what made it work. */
async function sentinelLogin(
  engine: Engine,
  admin: ConnectionInfo,
): Promise<{ url: string; remove: () => Promise<void> }> {
  if (engine === 'postgres') {
    return { url: `postgres://postgres:${SENTINEL}@127.0.0.1:5432/test`, remove: () => Promise.resolve() };
  }
  const user = `'${SENTINEL_USER}'@'127.0.0.1'`;
  await queryRows(admin, `CREATE USER ${user} IDENTIFIED BY '${SENTINEL}'`);
  await queryRows(admin, `GRANT ALL PRIVILEGES ON \`dbbench\\_%\`.* TO ${user}`);
  return {
    url: `mysql://${SENTINEL_USER}:${SENTINEL}@127.0.0.1:3306/`,
    remove: async () => {
      await queryRows(admin, `DROP USER ${user}`);
    },
  };
}

/** Server-wide state the url provider must not change: databases other than dbbench work ones, and users. */
async function serverState(
  engine: Engine,
  admin: ConnectionInfo,
): Promise<{ databases: string[]; users: string[] }> {
  const databases =
    engine === 'postgres'
      ? await queryRows(admin, 'SELECT datname AS name FROM pg_database')
      : await queryRows(admin, 'SELECT schema_name AS name FROM information_schema.schemata');
  const users =
    engine === 'postgres'
      ? await queryRows(admin, 'SELECT rolname AS name FROM pg_roles')
      : await queryRows(admin, "SELECT CONCAT(user, '@', host) AS name FROM mysql.user");
  const names = (rows: Record<string, unknown>[]): string[] => rows.map((row) => String(row['name'])).sort();
  // Other helpers' tests create and drop their own databases meanwhile; only names outside theirs are compared.
  return {
    databases: names(databases).filter((name) => !/dbbench|test_|_test/i.test(name)),
    users: names(users),
  };
}

async function databaseExists(engine: Engine, admin: ConnectionInfo, name: string): Promise<boolean> {
  const rows =
    engine === 'postgres'
      ? await queryRows(admin, `SELECT 1 AS found FROM pg_database WHERE datname = '${name}'`)
      : await queryRows(
          admin,
          `SELECT 1 AS found FROM information_schema.schemata WHERE schema_name = '${name}'`,
        );
  return rows.length === 1;
}

for (const engine of ['postgres', 'mysql'] as const) {
  describe(`url provider (${engine})`, () => {
    const admin: ConnectionInfo = {
      engine,
      host: '127.0.0.1',
      port: engine === 'postgres' ? 5432 : 3306,
      user: engine === 'postgres' ? 'postgres' : 'root',
      password: '',
      database: 'test',
    };

    it('creates its dbbench_ database, works in it, records facts, drops it, and changes nothing else', async () => {
      const before = await serverState(engine, admin);
      const server = await startUrlProvider(engine, { suite: uniqueSuite('url'), url: SERVICE_URLS[engine] });
      const database = server.connection.database;
      try {
        expect(database).toMatch(/^dbbench_providers_url_\d+_h[0-9a-f]{6}p\d+_[0-9a-f]{8}$/);
        expect(await databaseExists(engine, admin, database)).toBe(true);
        const rows = await queryRows(server.connection, 'SELECT 6 * 7 AS answer');
        expect(Number(rows[0]?.['answer'])).toBe(42);
        expect(server.info.provider).toBe('url');
        expect(server.info.version).toMatch(engine === 'postgres' ? /^PostgreSQL \d+/ : /^\d+\.\d+\.\d+/);
        // The engine's four settings and how write benchmarks settle the server (as this user may).
        expect(Object.keys(server.info.settings)).toHaveLength(5);
        expect(server.info.settings[SETTLE_SETTING]).toBe(
          engine === 'postgres' ? 'CHECKPOINT' : 'none (InnoDB has no CHECKPOINT statement)',
        );
        expect(server.info.redactedUrl).toContain(`/${database}`);
        expect(server.process).toBeUndefined();
      } finally {
        await server.stop();
      }
      expect(await databaseExists(engine, admin, database)).toBe(false);
      expect(await serverState(engine, admin)).toEqual(before);
    });

    it('drops its database even while a session is still connected to it', async () => {
      const server = await startUrlProvider(engine, {
        suite: uniqueSuite('url_busy'),
        url: SERVICE_URLS[engine],
      });
      const { default: pg } = await import('pg');
      const mysql = await import('mysql2/promise');
      const { engine: _engine, ...options } = server.connection;
      const leftover = engine === 'postgres' ? new pg.Client(options) : await mysql.createConnection(options);
      leftover.on('error', () => undefined);
      if (leftover instanceof pg.Client) await leftover.connect();
      await server.stop();
      expect(await databaseExists(engine, admin, server.connection.database)).toBe(false);
      await Promise.resolve(leftover.end()).catch(() => undefined);
    });

    it('keeps a sentinel password out of the handle, its JSON, logs and errors', async () => {
      const lines: string[] = [];
      const login = await sentinelLogin(engine, admin);
      const sentinelUrl = login.url;
      let server: StartedServerHandle | undefined;
      try {
        server = await startUrlProvider(engine, {
          suite: uniqueSuite('url_sentinel'),
          url: sentinelUrl,
          log: (line) => lines.push(line),
        });
        // The forks get the password through the connection details, and only there.
        expect(server.connection.password).toBe(SENTINEL);
        expect(JSON.stringify(server)).not.toContain(SENTINEL);
        expect(JSON.stringify(server.info)).not.toContain(SENTINEL);
        expect(server.info.redactedUrl).toContain(':***@');
        const { inspect } = await import('node:util');
        expect(inspect(server, { depth: 5 })).not.toContain(SENTINEL);
      } finally {
        await server?.stop();
        await login.remove();
      }
      expect(lines.join('\n')).not.toContain(SENTINEL);

      // Unreachable port, then a malformed URL: both errors must say what to do without the password.
      const unreachable = sentinelUrl.replace(/:(5432|3306)\//, ':1/');
      const rejected = SERVICE_URLS[engine].replace(/:\/\/(\w+)@/, `://nobody_${process.pid}:${SENTINEL}@`);
      const failures = await Promise.all(
        [
          unreachable,
          rejected,
          `${engine}://user:${SENTINEL}@127.0.0.1:notaport/x`,
          `http://u:${SENTINEL}@h/x`,
        ].map((url) =>
          startUrlProvider(engine, { suite: uniqueSuite('url_bad'), url }).then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      );
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(DatabaseSetupError);
        const error = failure as DatabaseSetupError;
        expect(`${error.message}\n${String(error.stack)}\n${JSON.stringify(error)}`).not.toContain(SENTINEL);
      }
      expect((failures[0] as Error).message).toMatch(/ECONNREFUSED|connect/i);
      expect((failures[0] as Error).message).toContain(
        engine === 'postgres' ? 'DBBENCH_POSTGRES_URL' : 'DBBENCH_MYSQL_URL',
      );
    });
  });
}
