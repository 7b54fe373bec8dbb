import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed fixture reports (written by generate-fixtures.mjs). */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** The package directory (for the built CLI and the markdownlint config). */
export const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
/** The built CLI the `docs` script runs. */
export const CLI = path.join(PACKAGE_DIR, 'dist', 'cli.js');

/**
 * A throwaway repository root holding the fixture reports where the suites put theirs, plus the
 * plain JMH fixture as a third package (the default pattern must pick up Java reports too).
 */
export async function fixtureRoot(options: { jmh?: boolean } = {}): Promise<string> {
  const root = await tempDir();
  await cp(path.join(FIXTURES, 'repo'), root, { recursive: true });
  if (options.jmh ?? true) {
    await mkdir(path.join(root, 'packages', 'java-bench', 'reports'), { recursive: true });
    await cp(
      path.join(FIXTURES, 'jmh', 'java-project.json'),
      path.join(root, 'packages', 'java-bench', 'reports', 'java-project.json'),
    );
  }
  return root;
}

const created: string[] = [];

/** An empty throwaway directory, removed by {@link removeTempDirs}. */
export async function tempDir(prefix = 'dbbench-docs-test-'): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
  created.push(directory);
  return directory;
}

/** Removes every directory {@link tempDir} made (call from afterAll). */
export async function removeTempDirs(): Promise<void> {
  for (const directory of created.splice(0)) await rm(directory, { recursive: true, force: true });
}
