import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The committed fixture reports (written by generate-fixtures.mjs). */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** The package directory (for the built CLI and the markdownlint config). */
export const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
/** The committed launcher of the `dbbench-docs` command (what `npx dbbench-docs` runs). */
// DBBENCH_DOCS_CLI runs the same tests against another build of the command (e.g. an older one).
export const CLI = process.env['DBBENCH_DOCS_CLI'] ?? path.join(PACKAGE_DIR, 'bin', 'dbbench-docs.js');

/**
 * A throwaway repository root holding the fixture reports where the suites put theirs, plus two
 * plain JMH reports of Java projects as further packages (the default pattern must pick up Java
 * reports too): one in thrpt/avgt mode, one in sample mode as JMH 1.37 writes it.
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
    await mkdir(path.join(root, 'packages', 'java-orders', 'reports'), { recursive: true });
    await cp(
      path.join(FIXTURES, 'jmh', 'java-sample', 'results.json'),
      path.join(root, 'packages', 'java-orders', 'reports', 'results.json'),
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

/** Every file under `directory` (relative path → content), for byte-for-byte comparisons. */
export async function readTree(directory: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let entries;
  try {
    entries = await readdir(directory, { recursive: true, withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(directory, full), await readFile(full));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Whether two trees hold the same files with the same bytes. */
export function sameTree(a: ReadonlyMap<string, Buffer>, b: ReadonlyMap<string, Buffer>): boolean {
  return a.size === b.size && [...a].every(([file, content]) => b.get(file)?.equals(content) === true);
}

/** What a process printed and returned. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the `dbbench-docs` command as a user would, with extra environment variables. */
export async function cli(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : -1,
      stdout: failure.stdout ?? '',
      stderr: failure.stderr ?? '',
    };
  }
}

/** Runs git in `cwd` with a fixed identity. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    'git',
    ['-c', 'user.name=dbbench test', '-c', 'user.email=test@dbbench.invalid', ...args],
    {
      cwd,
    },
  );
  return stdout.trim();
}
