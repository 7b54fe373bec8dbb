import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MYSQL_BINDIR_VARIABLE } from '../../src/engines/mysql/mysql-binaries.js';
import { DatabaseSetupError } from '../../src/errors.js';
import { startServer } from '../../src/providers/start-server.js';
import { assertContainerEngine } from '../../src/providers/testcontainers/container-engine.js';
import { SERVICE_URLS, queryRows, uniqueSuite } from './server-queries.js';

// Without a container engine, auto-selection must notice in milliseconds and fall through to the
// local binaries. DOCKER_HOST is unset for these tests, so an engine set up for the container tests
// (scripts/container-engine.sh) is not seen; one on a default socket would be, and skips them.
const VARIABLES = [
  'DBBENCH_POSTGRES_URL',
  'DBBENCH_MYSQL_URL',
  MYSQL_BINDIR_VARIABLE,
  'DOCKER_HOST',
] as const;
const engineOnDefaultSocket = await (async () => {
  const docker = process.env['DOCKER_HOST'];
  delete process.env['DOCKER_HOST'];
  try {
    return await assertContainerEngine().then(
      () => true,
      () => false,
    );
  } finally {
    if (docker !== undefined) process.env['DOCKER_HOST'] = docker;
  }
})();
const withoutEngine = engineOnDefaultSocket ? describe.skip : describe;
if (engineOnDefaultSocket)
  console.warn('auto-selection tests without a container engine skipped: one answers on a default socket');
let saved: Partial<Record<(typeof VARIABLES)[number], string>> = {};

beforeEach(() => {
  saved = {};
  for (const name of VARIABLES) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
});
afterEach(() => {
  for (const name of VARIABLES) {
    const value = saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function failureOf(promise: Promise<unknown>): Promise<DatabaseSetupError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(DatabaseSetupError);
  return outcome as DatabaseSetupError;
}

for (const engine of ['postgres', 'mysql'] as const) {
  withoutEngine(`auto-selection (${engine})`, () => {
    it('skips testcontainers quickly when no engine answers and starts a local server', async () => {
      const lines: string[] = [];
      const startedAt = Date.now();
      const server = await startServer(engine, {
        suite: uniqueSuite('auto'),
        log: (line) => lines.push(line),
      });
      try {
        expect(server.info.provider).toBe('local');
        expect(server.process).toBeDefined();
        expect(await queryRows(server.connection, 'SELECT 1 AS one')).toHaveLength(1);
        expect(lines.find((line) => line.startsWith('provider: testcontainers unavailable'))).toMatch(
          /No container engine answered/,
        );
        expect(lines).toContain(`provider: local (${server.info.redactedUrl})`);
      } finally {
        await server.stop();
      }
      // Local start-up is ~1 s here; a slow engine probe would show as many seconds.
      expect(Date.now() - startedAt).toBeLessThan(15_000);
    });

    it('uses a named URL (from the environment) and nothing else', async () => {
      process.env[engine === 'postgres' ? 'DBBENCH_POSTGRES_URL' : 'DBBENCH_MYSQL_URL'] =
        SERVICE_URLS[engine];
      const server = await startServer(engine, { suite: uniqueSuite('auto_url') });
      try {
        expect(server.info.provider).toBe('url');
        expect(server.connection.database).toMatch(/^dbbench_providers_auto_url_/);
      } finally {
        await server.stop();
      }
      // A broken named URL is an error, not a reason to measure some other server.
      process.env[engine === 'postgres' ? 'DBBENCH_POSTGRES_URL' : 'DBBENCH_MYSQL_URL'] = SERVICE_URLS[
        engine
      ].replace(/:(5432|3306)\//, ':1/');
      const error = await failureOf(startServer(engine, { suite: uniqueSuite('auto_url') }));
      expect(error.message).toMatch(/Could not create database/);
    });

    it('fails fast with a fix when testcontainers is forced without an engine', async () => {
      const startedAt = Date.now();
      const error = await failureOf(
        startServer(engine, { suite: uniqueSuite('tc'), provider: 'testcontainers' }),
      );
      expect(Date.now() - startedAt).toBeLessThan(5000);
      expect(error.message).toMatch(/No container engine answered/);
      expect(error.message).toMatch(/Start Docker or Podman/);
    });
  });
}

withoutEngine('auto-selection when nothing works', () => {
  it('lists every provider, why it failed and what would fix it', async () => {
    process.env[MYSQL_BINDIR_VARIABLE] = '/nonexistent/dbbench-bin';
    const error = await failureOf(startServer('mysql', { suite: uniqueSuite('none') }));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('No MySQL server could be obtained. Tried, in order:');
    expect(error.message).toMatch(
      /- url: No MySQL URL given\. Set DBBENCH_MYSQL_URL=mysql:\/\/.* or pass --url\./,
    );
    expect(error.message).toMatch(/- testcontainers: No container engine answered .*Start Docker or Podman/);
    expect(error.message).toMatch(
      /- local: DBBENCH_MYSQL_BINDIR=\/nonexistent\/dbbench-bin holds no runnable mariadbd or mysqld/,
    );
    expect(error.message).toMatch(
      /- embedded: has no MySQL server \(no MySQL or MariaDB server ships as an npm package\)\./,
    );
    expect(error).toBeInstanceOf(DatabaseSetupError);
  });

  it('refuses a provider that has no server for the engine', async () => {
    const error = await failureOf(startServer('mysql', { suite: uniqueSuite('none'), provider: 'embedded' }));
    expect(error.message).toBe(
      'The embedded provider has no MySQL server (no MySQL or MariaDB server ships as an npm package); use one of: url, testcontainers, local.',
    );
  });
});
