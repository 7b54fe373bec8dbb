/**
 * The `driver` and `statements` axes through the real CLI: a driver the engine does not have (another
 * engine's, or none) and an unknown statements value are refused in one line, exit 2, before any
 * server is tried, naming the values that exist.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbbench, UNREACHABLE } from './support/dbbench-cli.js';
import { ENGINES } from './support/test-servers.js';

const CASES: Readonly<Record<string, readonly (readonly [string, RegExp])[]>> = {
  postgres: [
    ['driver=nosuch', /-p driver=nosuch: expected one of pg, postgresjs/],
    ['driver=mariadb', /-p driver=mariadb: expected one of pg, postgresjs/],
    ['statements=maybe', /-p statements=maybe: expected one of unprepared, prepared/],
  ],
  mysql: [
    ['driver=nosuch', /-p driver=nosuch: expected one of mysql2, mariadb/],
    ['driver=postgresjs', /-p driver=postgresjs: expected one of mysql2, mariadb/],
    ['statements=maybe', /-p statements=maybe: expected one of unprepared, prepared/],
  ],
};

describe.each(ENGINES)('-p driver and -p statements on %s', (engine) => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'dbbench-pooled-driver-'));
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it.each(CASES[engine] ?? [])(
    '%s is refused in one line, exit 2, before any server starts',
    async (param, message) => {
      const out = join(outDir, `${param}.json`);
      const result = await dbbench([
        `dist/${engine}-suite.js`,
        ...['-b', '^queries$', '-p', param, '--provider', 'url', '--url', UNREACHABLE[engine], '--out', out],
      ]);
      expect(result.exitCode, result.stderr).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
    },
  );
});
