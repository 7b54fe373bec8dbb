import path from 'node:path';
import { replaceGeneratedFiles } from './output-dir.js';
import { renderDocs, type RenderOptions } from './render-docs.js';

/** Options of {@link generateDocs}. */
export interface GenerateOptions extends RenderOptions {
  /** Output directory; default `<root>/benchmark-docs`. */
  readonly outDir?: string;
}

/**
 * Validates every report, renders the docs, and only then replaces the generated files in the
 * output directory (hand-written `notes/` stay). Returns the files written, relative to it.
 */
export async function generateDocs(options: GenerateOptions): Promise<string[]> {
  const outDir = options.outDir ?? path.join(path.resolve(options.root), 'benchmark-docs');
  const files = await renderDocs({ notesDir: path.join(outDir, 'notes'), ...options });
  await replaceGeneratedFiles(outDir, files);
  return [...files.keys()];
}
