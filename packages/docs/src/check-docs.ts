import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listGeneratedFiles, readIfExists, writeFiles } from './output-dir.js';
import { renderDocs, type RenderOptions } from './render-docs.js';

/** Options of {@link checkDocs}. */
export interface CheckOptions extends RenderOptions {
  /** The committed docs; default `<root>/benchmark-docs`. */
  readonly outDir?: string;
}

/** How the committed docs differ from what the committed reports produce. */
export interface DocsDifferences {
  /** Generated now but missing from the committed docs. */
  readonly added: readonly string[];
  /** Present in both with different content. */
  readonly changed: readonly string[];
  /** Committed but no longer generated. */
  readonly deleted: readonly string[];
}

/** True when the committed docs are current. */
export function isCurrent(differences: DocsDifferences): boolean {
  return differences.added.length + differences.changed.length + differences.deleted.length === 0;
}

/**
 * Regenerates the docs into a temp directory and compares them, file by file, with the output
 * directory (hand-written `notes/` excluded). Untracked new files count: this compares the work
 * tree, not git's index.
 */
export async function checkDocs(options: CheckOptions): Promise<DocsDifferences> {
  const outDir = options.outDir ?? path.join(path.resolve(options.root), 'benchmark-docs');
  const files = await renderDocs({ notesDir: path.join(outDir, 'notes'), ...options });
  const temp = await mkdtemp(path.join(os.tmpdir(), 'dbbench-docs-check-'));
  try {
    await writeFiles(temp, files);
    const generated = await listGeneratedFiles(temp);
    const committed = new Set(await listGeneratedFiles(outDir));
    const added: string[] = [];
    const changed: string[] = [];
    for (const file of generated) {
      const current = await readIfExists(path.join(outDir, file));
      if (current === undefined) added.push(file);
      else if (current !== (await readFile(path.join(temp, file), 'utf8'))) changed.push(file);
      committed.delete(file);
    }
    return { added, changed, deleted: [...committed] };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
