/**
 * The installed version of a driver package, for the `driver` facts every report records. Read from
 * the package's own package.json, found by walking up from its resolved entry point: some drivers
 * (postgres.js, mariadb) do not export `./package.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const versions = new Map<string, string>();

/** The version of the installed package `name` (e.g. `postgres` → `3.4.9`); `unknown` if it cannot be read. */
export function installedVersion(name: string): string {
  const known = versions.get(name);
  if (known !== undefined) return known;
  let version = 'unknown';
  try {
    for (let directory = dirname(require.resolve(name)); ; directory = dirname(directory)) {
      const file = join(directory, 'package.json');
      if (existsSync(file)) {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
        if (manifest.name === name && typeof manifest.version === 'string') {
          version = manifest.version;
          break;
        }
      }
      if (dirname(directory) === directory) break;
    }
  } catch {
    // Not installed where this package can resolve it: the facts say `unknown` rather than fail a run.
  }
  versions.set(name, version);
  return version;
}
