/**
 * The embedded provider from a checkout the server's account cannot traverse (a clone under a 0700
 * `mktemp -d` or /root, as root): the package's binaries are copied once into a cache the account can
 * read, and the server starts from there. Without the cache, initdb failed with EACCES and hung.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engines/engine.js';
import { ENGINES } from '../../src/engines/registry.js';
import { DatabaseSetupError } from '../../src/errors.js';
import {
  cachedBinaries,
  defaultBinaryCacheRoot,
  type EmbeddedBinaries,
} from '../../src/providers/embedded/binary-cache.js';
import { startEmbeddedServer } from '../../src/providers/embedded/embedded-server.js';
import { isProcessAlive } from '../../src/providers/local/process-liveness.js';
import { lookupSystemAccount } from '../../src/providers/local/system-user.js';
import { queryRows, uniqueSuite } from './server-queries.js';

const AS_ROOT = process.getuid?.() === 0;

describe.skipIf(!AS_ROOT)('embedded provider from a checkout under a 0700 directory (as root)', () => {
  let checkout: string;
  let binaries: EmbeddedBinaries;
  const version = `test-${process.pid}`;
  let engine: Engine;

  beforeAll(async () => {
    const postgres = ENGINES.postgres;
    if ('unavailable' in postgres.embedded) throw new Error('postgres has no embedded server');
    const real = await postgres.embedded.locateBinaries();
    // mkdtemp makes it 0700 and root's: the `postgres` account cannot enter it, as in a fresh clone there.
    checkout = await mkdtemp(join(tmpdir(), 'dbbench-checkout-'));
    const copied = join(checkout, 'node_modules', real.packageName, 'native');
    await cp(real.directory, copied, { recursive: true, verbatimSymlinks: true });
    // A version of its own, so this test fills the cache rather than finding it filled.
    binaries = { ...real, version, directory: copied };
    const embedded = { ...postgres.embedded, locateBinaries: () => Promise.resolve(binaries) };
    engine = { ...postgres, embedded };
  });

  afterAll(async () => {
    await rm(checkout, { recursive: true, force: true });
    for (const entry of await readdir(defaultBinaryCacheRoot())) {
      if (entry.endsWith(version) || entry.includes(`${version}.filling-`)) {
        await rm(join(defaultBinaryCacheRoot(), entry), { recursive: true, force: true });
      }
    }
  });

  it('the postgres account really cannot reach the checkout', () => {
    const initdb = join(binaries.directory, 'bin', 'initdb');
    const probe = spawnSync('setpriv', [
      '--reuid=postgres',
      '--regid=postgres',
      '--clear-groups',
      'test',
      '-x',
      initdb,
    ]);
    expect(probe.status).toBe(1);
  });

  it('starts from the cached copy, answers queries, and leaves nothing but the cache after stop', async () => {
    const started = Date.now();
    const server = await startEmbeddedServer(engine, {
      suite: uniqueSuite('embedded_0700'),
      minConnections: 5,
    });
    const startMs = Date.now() - started;
    const details = server.process;
    if (details === undefined) throw new Error('no process details');
    try {
      const rows = await queryRows(server.connection, 'SELECT current_database() AS name');
      expect(rows[0]?.['name']).toBe('dbbench');
      expect(server.info.version).toMatch(/^PostgreSQL \d+\./);
    } finally {
      await server.stop();
    }
    expect(isProcessAlive(details.serverPid)).toBe(false);
    expect(existsSync(details.directory)).toBe(false);
    const cache = (await readdir(defaultBinaryCacheRoot())).filter((entry) => entry.includes(version));
    expect(cache).toEqual([expect.stringMatching(new RegExp(`${version}$`)) as unknown]);
    expect((await stat(join(defaultBinaryCacheRoot(), cache[0] ?? ''))).mode & 0o777).toBe(0o755);
    console.log(`embedded PostgreSQL from a 0700 checkout: started (cache filled) in ${startMs} ms`);
  });

  it('two runs filling the cache at once share one complete copy', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dbbench-cache-test-'));
    try {
      const [first, second] = await Promise.all([
        cachedBinaries(binaries, undefined, root),
        cachedBinaries(binaries, undefined, root),
      ]);
      expect(first).toBe(second);
      expect(await readdir(root)).toEqual([expect.stringMatching(new RegExp(`${version}$`)) as unknown]);
      expect(existsSync(join(first, 'bin', 'postgres'))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('fails fast, in one line, when the account cannot reach the cache', async () => {
    const account = await lookupSystemAccount('postgres');
    // A cache root inside the 0700 checkout: the same trap the cache exists to avoid.
    const root = join(checkout, 'cache');
    const started = Date.now();
    const failure = await cachedBinaries(binaries, account, root).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseSetupError);
    expect(String((failure as Error).message).split('\n')).toHaveLength(1);
    expect((failure as Error).message).toMatch(/postgres account cannot reach the embedded binaries/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
