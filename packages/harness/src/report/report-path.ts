/**
 * The report path is checked before a run starts anything: a run that measures for an hour and then
 * cannot write its report has lost the hour (and a path such as /proc/x/report.json can even hang
 * Node 20's recursive mkdir). The check creates and removes a probe file where the report will go,
 * and leaves nothing behind.
 */
import { mkdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { usageError, type DbbenchError } from '../define/errors.js';

/**
 * Throws a one-line usage error unless a report can be written at `path`: the path is not a
 * directory, its directory exists or can be created, and a file can be created in it.
 */
export function checkReportPath(path: string): void {
  const existing = statOrUndefined(path);
  // ENOTDIR: something above is a file; the directory walk below says which.
  if (existing instanceof Error && codeOf(existing) !== 'ENOTDIR') {
    throw pathError(path, `cannot look at it (${codeOf(existing)})`);
  }
  if (existing !== undefined && !(existing instanceof Error) && !existing.isFile()) {
    throw pathError(
      path,
      existing.isDirectory() ? 'it is a directory; name a file in it' : 'it is not a regular file',
    );
  }
  const directory = dirname(path);
  const created = createMissingDirectories(path, directory);
  const probe = join(directory, `.${basename(path)}.${process.pid}.probe`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
    unlinkSync(probe);
  } catch (error) {
    throw pathError(path, `cannot create a file in ${directory} (${codeOf(error)})`);
  } finally {
    // The report's own write creates them again; until then a failed run leaves nothing behind.
    for (const made of created.reverse()) {
      try {
        rmdirSync(made);
      } catch {
        // not empty any more, or already gone: leave it
      }
    }
  }
}

/** Creates the missing directories above `path` one level at a time; returns them, outermost first. */
function createMissingDirectories(path: string, directory: string): string[] {
  const missing: string[] = [];
  let current = directory;
  for (;;) {
    const stats = statOrUndefined(current);
    if (stats instanceof Error) {
      // ENOTDIR: something above is a file; let the loop reach it and say which.
      if (codeOf(stats) !== 'ENOTDIR') throw pathError(path, `cannot look at ${current} (${codeOf(stats)})`);
    } else if (stats !== undefined) {
      if (!stats.isDirectory()) throw pathError(path, `${current} is a file, not a directory`);
      break;
    }
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const created: string[] = [];
  for (const directoryToMake of missing) {
    try {
      mkdirSync(directoryToMake);
      created.push(directoryToMake);
    } catch (error) {
      for (const made of created.reverse()) rmdirSync(made);
      throw pathError(path, `cannot create ${directoryToMake} (${codeOf(error)})`);
    }
  }
  return created;
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | Error | undefined {
  try {
    return statSync(path);
  } catch (error) {
    return codeOf(error) === 'ENOENT' ? undefined : (error as Error);
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function pathError(path: string, problem: string): DbbenchError {
  return usageError(`report path ${path}: ${problem}; choose a path in a writable directory (--out)`);
}
