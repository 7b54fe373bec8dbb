/**
 * The engine boundary: every registered engine implements the whole {@link Engine} interface, every
 * engine folder holds the same file names, and no code outside `engines/` names an engine.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engines/engine.js';
import { ENGINE_NAMES, ENGINES } from '../../src/engines/registry.js';

const ENGINES_DIR = fileURLToPath(new URL('../../src/engines/', import.meta.url));
const PACKAGES_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Every member of the interface and what it must be. Typed as a record over `keyof Engine`, so adding
 * a member to the interface without listing it here fails to compile.
 */
const MEMBERS: Readonly<Record<keyof Engine, readonly string[]>> = {
  name: [],
  label: [],
  url: ['adminConnection'],
  pool: [],
  workDatabase: ['createDatabase', 'readFacts', 'endSessionsAndDrop', 'listDbbenchDatabases'],
  facts: ['productName'],
  localServer: ['describe'],
  container: ['plan', 'build'],
  embedded: [],
  schema: ['identity'],
  sql: ['truncate', 'analyze', 'insertJob', 'settleWrites'],
  bulkLoad: ['load'],
  counters: ['read'],
  cacheWarmup: ['prewarm'],
};

function filesBelow(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

describe('engine registry', () => {
  it.each(ENGINE_NAMES)('%s implements every member of the Engine interface', (name) => {
    const engine = ENGINES[name] as unknown as Record<string, unknown>;
    expect(engine['name']).toBe(name);
    for (const [member, functions] of Object.entries(MEMBERS)) {
      expect(engine[member], `${name}.${member}`).toBeDefined();
      const group = engine[member] as Record<string, unknown>;
      for (const fn of functions) expect(typeof group[fn], `${name}.${member}.${fn}`).toBe('function');
    }
    const { drivers } = engine['pool'] as { drivers: Record<string, unknown>[] };
    expect(drivers.length, `${name}.pool.drivers`).toBeGreaterThan(0);
    for (const driver of drivers) {
      for (const fn of ['create', 'createBare'])
        expect(typeof driver[fn], `${name} driver ${fn}`).toBe('function');
    }
    const embedded = engine['embedded'] as Record<string, unknown>;
    // Either a server to start, or the reason there is none.
    expect(
      typeof embedded['createCluster'] === 'function' || typeof embedded['unavailable'] === 'string',
    ).toBe(true);
  });

  it('every engine folder holds the same file names', () => {
    const fileSets = ENGINE_NAMES.map((name) =>
      readdirSync(join(ENGINES_DIR, name))
        .map((file) => file.replace(new RegExp(`^${name}-`), '<engine>-'))
        .sort(),
    );
    for (const files of fileSets.slice(1)) expect(files).toEqual(fileSets[0]);
    expect(fileSets[0]?.length).toBeGreaterThan(10);
  });

  it('no code outside engines/ names an engine (comments, tests and the per-engine suite entry points aside)', () => {
    const names = ENGINE_NAMES.join('|');
    const literal = new RegExp(`['"\`](${names})['"\`]`);
    const entryPoint = new RegExp(`/(${names})-suite\\.ts$`);
    const offenders = readdirSync(PACKAGES_DIR)
      .map((pkg) => join(PACKAGES_DIR, pkg, 'src'))
      .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory() === true)
      .flatMap(filesBelow)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !file.includes('/engines/') && !entryPoint.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, where: `${relative(PACKAGES_DIR, file)}:${index + 1}` }))
          .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && literal.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
