/**
 * The local provider's data directory templates: the engine's initialise command runs once per key into
 * a cache, later runs copy it. Real servers only; each test has a cache of its own under the temp
 * directory, so nothing here touches the default cache another run may be using.
 */
import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engines/engine.js';
import { ENGINES } from '../../src/engines/registry.js';
import { LOCAL_TEMPLATE_VARIABLE } from '../../src/providers/local/local-data-directory.js';
import { startLocalServer } from '../../src/providers/local/local-server.js';
import { lookupSystemAccount } from '../../src/providers/local/system-user.js';
import type { StartedServerHandle } from '../../src/providers/started-server-handle.js';
import { queryRows, uniqueSuite } from './server-queries.js';

const AS_ROOT = process.getuid?.() === 0;
const CURRENT_DATABASE = {
  postgres: 'SELECT current_database() AS name',
  mysql: 'SELECT DATABASE() AS name',
};
const SYSTEM_USER = { postgres: 'postgres', mysql: 'mysql' };

/** Starts a local server with its template cache in `templates`, collecting its log lines. */
async function startWith(
  engine: Engine,
  templates: string,
): Promise<{ server: StartedServerHandle; lines: string[] }> {
  const lines: string[] = [];
  const server = await startLocalServer(
    engine,
    { suite: uniqueSuite('template'), minConnections: 5, log: (line) => lines.push(line) },
    { templates },
  );
  return { server, lines };
}

/** Every path under `directory` with its type, mode, owner, size and mtime: what a run must not change. */
async function snapshot(directory: string, prefix = ''): Promise<string[]> {
  const listing: string[] = [];
  for (const name of (await readdir(directory)).sort()) {
    const path = join(directory, name);
    const info = await lstat(path);
    listing.push(`${prefix}${name} ${info.mode.toString(8)} ${info.uid} ${info.size} ${info.mtimeMs}`);
    if (info.isDirectory()) listing.push(...(await snapshot(path, `${prefix}${name}/`)));
  }
  return listing;
}

/** A pid that belonged to a process that has exited: a run that died mid-initialise. */
function deadPid(): number {
  const exited = spawnSync('true');
  return exited.pid ?? 999_999;
}

for (const name of ['postgres', 'mysql'] as const) {
  describe(`local provider data directory template (${name})`, () => {
    const engine = ENGINES[name];
    let cacheRoot: string;
    let templates: string;
    // The owner a data directory must have: the server's account as root, else this user.
    let ownerUid: number;

    beforeAll(async () => {
      // As the default cache root: traversable by the server's account, which initialises into it.
      cacheRoot = await mkdtemp(join(tmpdir(), `dbbench-template-test-${name}-`));
      await chmod(cacheRoot, 0o755);
      templates = join(cacheRoot, 'local-templates');
      const account = AS_ROOT ? await lookupSystemAccount(SYSTEM_USER[name]) : undefined;
      ownerUid = account?.uid ?? process.getuid?.() ?? -1;
    });

    afterAll(async () => {
      await rm(cacheRoot, { recursive: true, force: true });
    });

    it('initialises once, then starts from a copy that works like a fresh one and leaves the template as it was', async () => {
      const first = await startWith(engine, templates);
      await first.server.stop();
      expect(first.lines.join('\n')).toMatch(/initialised once into the template /);
      const entries = await readdir(templates);
      expect(entries).toHaveLength(1);
      const entry = join(templates, entries[0] ?? '');
      expect((await lstat(entry)).mode & 0o777).toBe(0o700);
      const before = await snapshot(entry);

      const second = await startWith(engine, templates);
      const details = second.server.process;
      if (details === undefined) throw new Error('no process details');
      try {
        expect(second.lines.join('\n')).toContain(`copied from the template ${entry}`);
        const rows = await queryRows(second.server.connection, CURRENT_DATABASE[name]);
        expect(rows[0]?.['name']).toBe('dbbench');
        // The server writes to its copy; none of it may reach the template.
        await queryRows(second.server.connection, 'CREATE TABLE template_probe (id INT PRIMARY KEY)');
        await queryRows(second.server.connection, 'INSERT INTO template_probe VALUES (1)');
        const data = await lstat(join(details.directory, 'data'));
        expect(data.uid).toBe(ownerUid);
        expect(data.mode & 0o777).toBe((await lstat(join(entry, 'data'))).mode & 0o777);
        if (name === 'postgres') expect(data.mode & 0o777).toBe(0o700);
      } finally {
        await second.server.stop();
      }
      expect(await snapshot(entry)).toEqual(before);
      expect(await readdir(templates)).toEqual(entries);
    });

    it('initialises fresh, with no error, when the cache directory is writable by others', async () => {
      await chmod(templates, 0o777);
      try {
        const { server, lines } = await startWith(engine, templates);
        try {
          expect(lines.join('\n')).toMatch(
            /no \w+ data directory template \(.*writable by other users.*\); initialising a fresh one/,
          );
          expect(lines.join('\n')).not.toContain('copied from the template');
          const rows = await queryRows(server.connection, CURRENT_DATABASE[name]);
          expect(rows[0]?.['name']).toBe('dbbench');
        } finally {
          await server.stop();
        }
      } finally {
        await chmod(templates, 0o755);
      }
    });

    it('initialises fresh when an entry is open to other users', async () => {
      const [entryName] = await readdir(templates);
      const entry = join(templates, entryName ?? '');
      await chmod(entry, 0o755);
      try {
        const { server, lines } = await startWith(engine, templates);
        await server.stop();
        expect(lines.join('\n')).toMatch(/open to other users .*initialising a fresh one/);
      } finally {
        await chmod(entry, 0o700);
      }
    });

    it(`initialises fresh every time with ${LOCAL_TEMPLATE_VARIABLE}=0 and makes no template`, async () => {
      const untouched = join(cacheRoot, 'bypassed');
      process.env[LOCAL_TEMPLATE_VARIABLE] = '0';
      try {
        const { server, lines } = await startWith(engine, untouched);
        try {
          expect(lines.join('\n')).toContain(
            `${LOCAL_TEMPLATE_VARIABLE}=0: initialising a fresh ${name} data directory`,
          );
          const rows = await queryRows(server.connection, CURRENT_DATABASE[name]);
          expect(rows[0]?.['name']).toBe('dbbench');
        } finally {
          await server.stop();
        }
      } finally {
        delete process.env[LOCAL_TEMPLATE_VARIABLE];
      }
      expect(await lstat(untouched).catch(() => undefined)).toBeUndefined();
    });

    it('two runs filling one key at once both start, and leave one entry and no temp directory', async () => {
      const racing = join(cacheRoot, 'racing');
      const [a, b] = await Promise.all([startWith(engine, racing), startWith(engine, racing)]);
      await Promise.all([a.server.stop(), b.server.stop()]);
      expect(await readdir(racing)).toHaveLength(1);
      // One run's template won; the other, having initialised its own at the same time (or, if it came
      // second, found the winner's), copied the winner's — or, when it could not use the template (once in
      // CI a MariaDB run's log named neither outcome; a logged fallback is the only path that does),
      // said so and initialised a fresh directory: never a second entry, never a failed start.
      const outcomes = [a, b].map(
        (run) =>
          /data directory (initialised once into|copied from) the template|(initialising a fresh one|initialised a fresh one)/
            .exec(run.lines.join('\n'))
            ?.slice(1)
            .find((match) => match !== undefined) ?? run.lines.join(' | '),
      );
      expect(outcomes).toContain('initialised once into');
      expect(outcomes.filter((outcome) => outcome !== 'initialised once into')).toEqual([
        expect.stringMatching(/^(copied from|initialising a fresh one|initialised a fresh one)$/),
      ]);
    });

    it('discards what a run that died mid-initialise left, and never uses it', async () => {
      const crashed = join(cacheRoot, 'crashed');
      const first = await startWith(engine, crashed);
      await first.server.stop();
      const [entryName] = await readdir(crashed);
      // The same key again, but only a half-filled directory left by a dead run, as after a crash.
      await rm(join(crashed, entryName ?? ''), { recursive: true });
      const abandoned = join(crashed, `${entryName ?? ''}.filling-${deadPid()}-0000`);
      await mkdir(join(abandoned, 'data'), { recursive: true });

      const { server, lines } = await startWith(engine, crashed);
      await server.stop();
      expect(lines.join('\n')).toMatch(/initialised once into the template /);
      expect(await readdir(crashed)).toEqual([entryName]);
    });

    it('leaves neither an entry nor a temp directory when initialise fails', async () => {
      const failing = join(cacheRoot, 'failing');
      const broken: Engine = {
        ...engine,
        localServer: {
          async describe(options) {
            const spec = await engine.localServer.describe(options);
            return {
              ...spec,
              layout: (directory) => {
                const layout = spec.layout(directory);
                return { ...layout, initialise: { ...layout.initialise, command: '/bin/false' } };
              },
            };
          },
        },
      };
      const lines: string[] = [];
      await expect(
        startLocalServer(
          broken,
          { suite: uniqueSuite('template'), minConnections: 5, log: (line) => lines.push(line) },
          { templates: failing },
        ),
      ).rejects.toThrow(/could not start: \/bin\/false exited with code 1: .*\nFix: .*\nFull output: \//);
      // The fresh initialise runs the same command and its failure speaks for both: no line about the template.
      expect(lines.join('\n')).not.toMatch(/data directory template/);
      expect(await readdir(failing)).toEqual([]);
    });
  });
}
