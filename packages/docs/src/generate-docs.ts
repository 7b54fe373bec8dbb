import path from 'node:path';
import { shownPath } from './find-reports.js';
import { checkOutputDir, replaceGeneratedFiles, type ReplaceResult } from './output-dir.js';
import { renderDocs, type RenderOptions } from './render-docs.js';

/** Options of {@link generateDocs}: the render options, `outDir` being where the docs are written. */
export type GenerateOptions = RenderOptions;

/**
 * Checks the output directory, validates every report and renders the docs in memory, and only
 * then replaces the generated files in the output directory (hand-written `notes/` and files the
 * generator did not write stay). A bad input — a pattern matching nothing, an empty or invalid
 * report, a file where the directory should be — leaves the directory untouched.
 */
export async function generateDocs(options: GenerateOptions): Promise<ReplaceResult> {
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'benchmark-docs');
  await checkOutputDir(outDir, shownPath(root, outDir));
  const files = await renderDocs({ notesDir: path.join(outDir, 'notes'), ...options });
  return replaceGeneratedFiles(outDir, files);
}
