/**
 * The per-engine folders of a suite: I/O that only one suite needs lives in that suite, in an
 * `engines/` directory with one folder per registered engine, every folder holding the same file
 * names (the engine's name as prefix), as @dbbench/databases keeps its own engine folders.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every `engines/` directory below `directory`, as paths relative to `root` with `/` separators. */
function enginesDirectories(directory: string, root: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (!statSync(path).isDirectory()) return [];
    const below = enginesDirectories(path, root);
    return entry === 'engines' ? [relative(root, path).split('\\').join('/'), ...below] : below;
  });
}

/** The file names of one engine's folder, with its name replaced by `<engine>`, sorted. */
function engineFileNames(folder: string, engine: string): string[] {
  return readdirSync(folder)
    .map((file) => file.replace(new RegExp(`^${engine}-`), '<engine>-'))
    .sort();
}

/** What a suite's engine folders look like: each `engines/` directory below `src/` and its problems. */
export interface EngineFoldersReport {
  /** The `engines/` directories found, relative to `src/`. */
  readonly directories: readonly string[];
  /** One line per problem: a missing or unregistered engine folder, or a file set that differs. */
  readonly problems: readonly string[];
}

/**
 * Checks every `engines/` directory below `srcDirectory`: it holds exactly one folder per name in
 * `engineNames`, and every folder the same file names as the first engine's.
 *
 * @example
 * ```ts
 * const { problems } = checkEngineFolders(fileURLToPath(new URL('../src/', import.meta.url)), ENGINE_NAMES);
 * expect(problems).toEqual([]);
 * ```
 */
export function checkEngineFolders(
  srcDirectory: string,
  engineNames: readonly string[],
): EngineFoldersReport {
  const directories = enginesDirectories(srcDirectory, srcDirectory).sort();
  const problems = directories.flatMap((directory) => {
    const path = join(srcDirectory, directory);
    const folders = readdirSync(path).filter((entry) => statSync(join(path, entry)).isDirectory());
    const missing = engineNames.filter((engine) => !folders.includes(engine));
    const unregistered = folders.filter((folder) => !engineNames.includes(folder));
    const present = engineNames.filter((engine) => folders.includes(engine));
    const [first, ...others] = present;
    const expected = first === undefined ? [] : engineFileNames(join(path, first), first);
    return [
      ...missing.map((engine) => `${directory}/${engine}/ is missing (a registered engine)`),
      ...unregistered.map((folder) => `${directory}/${folder}/ is not a registered engine`),
      ...others
        .map((engine) => ({ engine, files: engineFileNames(join(path, engine), engine) }))
        .filter(({ files }) => files.join('\n') !== expected.join('\n'))
        .map(
          ({ engine, files }) =>
            `${directory}/${engine}/ holds ${files.join(', ')}; ${directory}/${first}/ holds ${expected.join(', ')}`,
        ),
    ];
  });
  return { directories, problems };
}
