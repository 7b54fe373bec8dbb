import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from './format.js';

/** The hand-written part of the output directory, never replaced or compared. */
export const NOTES_DIRECTORY = 'notes';

/** Writes files (relative path → content) under `directory`, creating folders. */
export async function writeFiles(directory: string, files: ReadonlyMap<string, string>): Promise<void> {
  for (const [relative, content] of files) {
    const target = path.join(directory, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/** Every file under `directory` (relative paths with `/`), except the hand-written notes. */
export async function listGeneratedFiles(directory: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(directory, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (child === NOTES_DIRECTORY) continue;
      if (entry.isDirectory()) await walk(child);
      else found.push(child);
    }
  };
  await walk('');
  return found.sort(compareStrings);
}

/** Reads a generated file's content, or undefined when it does not exist. */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Replaces the generated part of `outDir` with `files`: everything is first written to a temp
 * directory beside it, then the old generated entries (all but `notes/`) are removed and the new
 * ones moved in. A failure while rendering never reaches this point, so no partial docs are left.
 */
export async function replaceGeneratedFiles(
  outDir: string,
  files: ReadonlyMap<string, string>,
): Promise<void> {
  await mkdir(path.dirname(path.resolve(outDir)), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(outDir)), '.benchmark-docs-'));
  try {
    await writeFiles(staging, files);
    await mkdir(outDir, { recursive: true });
    for (const entry of await readdir(outDir)) {
      if (entry !== NOTES_DIRECTORY) await rm(path.join(outDir, entry), { recursive: true, force: true });
    }
    for (const entry of await readdir(staging)) {
      await rename(path.join(staging, entry), path.join(outDir, entry));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
