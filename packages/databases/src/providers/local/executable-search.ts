import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** True when `path` is a file this process may execute. */
export async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The directories on PATH, in order. */
export function pathDirectories(): string[] {
  return (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
}

/** The first of `names` found executable in the first of `directories` that has one, in order. */
export async function findExecutable(
  names: readonly string[],
  directories: readonly string[],
): Promise<string | undefined> {
  for (const name of names) {
    for (const directory of directories) {
      const candidate = join(directory, name);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Subdirectories of `parent` sorted newest version first (`18`, `17`, `15`), or none when it is absent. */
export async function versionedSubdirectories(parent: string): Promise<string[]> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  return entries
    .filter((entry) => /^\d+(\.\d+)*$/.test(entry))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    .map((entry) => join(parent, entry));
}

/** The trimmed stdout of a short command, or undefined when it cannot run. */
export async function commandOutput(command: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(command, [...args], { timeout: 10000 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}
