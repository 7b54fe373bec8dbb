import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DocsError } from './docs-error.js';
import { shownPath } from './find-reports.js';
import { listGeneratedFiles, readIfExists } from './output-dir.js';
import { renderDocs, type RenderOptions } from './render-docs.js';

/** Options of {@link checkDocs}: the render options, `outDir` being the committed docs. */
export type CheckOptions = RenderOptions;

/** How the committed docs differ from what the committed reports produce. */
export interface DocsDifferences {
  /** Generated now but missing from the committed docs. */
  readonly added: readonly string[];
  /** Present in both with different content. */
  readonly changed: readonly string[];
  /** Committed (and written by the generator) but no longer generated. */
  readonly deleted: readonly string[];
}

/** True when the committed docs are current. */
export function isCurrent(differences: DocsDifferences): boolean {
  return differences.added.length + differences.changed.length + differences.deleted.length === 0;
}

/**
 * Renders the docs in memory and compares them, file by file, with the output directory (the
 * hand-written `notes/` and files the generator did not write excluded). Untracked new files
 * count: this compares the work tree, not git's index. Writes nothing.
 */
export async function checkDocs(options: CheckOptions): Promise<DocsDifferences> {
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'benchmark-docs');
  const isDirectory = await stat(outDir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isDirectory) {
    throw new DocsError(
      `--out ${shownPath(root, outDir)} does not exist or is not a directory: there are no docs to check. Run generate first.`,
    );
  }
  const files = await renderDocs({ notesDir: path.join(outDir, 'notes'), ...options });
  const added: string[] = [];
  const changed: string[] = [];
  for (const [file, content] of files) {
    const current = await readIfExists(path.join(outDir, ...file.split('/')));
    if (current === undefined) added.push(file);
    else if (current !== content) changed.push(file);
  }
  const deleted = (await listGeneratedFiles(outDir)).filter((file) => !files.has(file));
  return { added, changed, deleted };
}
