/**
 * Every registered engine can be run: each suite package (a package built on suite-kit) has its
 * suite module `src/<engine>-suite.ts`, a `bench:<engine>` script running it and the module in its
 * `bench:compare` script, and turbo.json and the root package.json have the `bench:<engine>` task
 * the README's commands call. The compiler
 * lists what a new engine lacks inside the code (the `Record<EngineName, …>` registries); this test
 * lists what it lacks around the code. The rest of the README's "Adding an engine" checklist (CI,
 * workflows, local services, container images) is not checked here.
 */
import { ENGINE_NAMES } from '@dbbench/databases';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = join(ROOT, 'packages');

interface PackageJson {
  readonly name: string;
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The suite packages: every package that depends on @dbbench/suite-kit, by directory. */
function suitePackages(): { readonly directory: string; readonly manifest: PackageJson }[] {
  return readdirSync(PACKAGES)
    .filter((entry) => existsSync(join(PACKAGES, entry, 'package.json')))
    .map((entry) => ({
      directory: join(PACKAGES, entry),
      manifest: readJson<PackageJson>(join(PACKAGES, entry, 'package.json')),
    }))
    .filter(({ manifest }) => manifest.dependencies?.['@dbbench/suite-kit'] !== undefined);
}

/** What `engines` lack around the code, one line each; empty when every one can be run. */
function missingEntryPoints(engines: readonly string[]): string[] {
  const turbo = readJson<{ tasks: Readonly<Record<string, unknown>> }>(join(ROOT, 'turbo.json'));
  const root = readJson<PackageJson>(join(ROOT, 'package.json'));
  return engines.flatMap((engine) => {
    const task = `bench:${engine}`;
    const module = `${engine}-suite`;
    return [
      ...suitePackages().flatMap(({ directory, manifest }) => [
        ...(existsSync(join(directory, 'src', `${module}.ts`)) ? [] : [`${manifest.name}: src/${module}.ts`]),
        ...(manifest.scripts?.[task]?.includes(`dist/${module}.js`) === true
          ? []
          : [`${manifest.name}: a "${task}" script running dist/${module}.js`]),
        ...(manifest.scripts?.['bench:compare']?.includes(`dist/${module}.js`) === true
          ? []
          : [`${manifest.name}: dist/${module}.js in its "bench:compare" script`]),
      ]),
      ...(Object.hasOwn(turbo.tasks, task) ? [] : [`turbo.json: the "${task}" task`]),
      ...(root.scripts?.[task] === undefined ? [`package.json (root): a "${task}" script`] : []),
    ];
  });
}

describe('engine entry points', () => {
  it('finds the suite packages', () => {
    expect(suitePackages().map(({ manifest }) => manifest.name)).toEqual(
      expect.arrayContaining(['@dbbench/suite-pooled', '@dbbench/suite-reactive']),
    );
  });

  it('every registered engine has its suite module and bench scripts in each suite, and its turbo task', () => {
    expect(missingEntryPoints(ENGINE_NAMES)).toEqual([]);
  });

  it('names every place an engine without them lacks', () => {
    expect(missingEntryPoints(['cockroach'])).toEqual([
      '@dbbench/suite-pooled: src/cockroach-suite.ts',
      '@dbbench/suite-pooled: a "bench:cockroach" script running dist/cockroach-suite.js',
      '@dbbench/suite-pooled: dist/cockroach-suite.js in its "bench:compare" script',
      '@dbbench/suite-reactive: src/cockroach-suite.ts',
      '@dbbench/suite-reactive: a "bench:cockroach" script running dist/cockroach-suite.js',
      '@dbbench/suite-reactive: dist/cockroach-suite.js in its "bench:compare" script',
      'turbo.json: the "bench:cockroach" task',
      'package.json (root): a "bench:cockroach" script',
    ]);
  });
});
