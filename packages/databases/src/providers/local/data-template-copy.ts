import { execFile } from 'node:child_process';
import { lstat, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { DataTemplate } from './data-template-cache.js';

const execFileAsync = promisify(execFile);

/**
 * Copies a template's data directory to `target` (which must not exist yet) with `cp -a`: modes,
 * timestamps and owners as they are in the template, so the copy is the server account's, as a fresh
 * initialise would have left it (cp as root keeps owners; a non-root user owns everything anyway).
 * Then checks that the copy's top directory has the template's owner and mode (PostgreSQL refuses a
 * data directory that is not 0700 and its own). On any failure it removes what it copied and throws.
 *
 * `cp -a` rather than Node's `fs.cp`: on this machine fs.cp took ~0.8 s for PostgreSQL's 992-file data
 * directory (as long as initdb itself), a hand-written walk 0.2–0.4 s, and `cp -a` ~0.1 s.
 */
export async function copyDataTemplate(template: DataTemplate, target: string): Promise<void> {
  try {
    // Absolute paths, so neither can be taken for an option.
    await execFileAsync('cp', ['-a', template.dataDir, target], { timeout: 60000 }).catch(
      (error: unknown) => {
        const { stderr } = error as { stderr?: string | Buffer };
        const said = stderr?.toString().trim() ?? '';
        throw new Error(`cp -a failed: ${said === '' ? String(error) : said}`);
      },
    );
    const [source, copy] = await Promise.all([lstat(template.dataDir), lstat(target)]);
    if (copy.uid !== source.uid || copy.gid !== source.gid || copy.mode !== source.mode) {
      throw new Error(
        `the copy has owner ${copy.uid}:${copy.gid} mode ${(copy.mode & 0o7777).toString(8)}, ` +
          `the template ${source.uid}:${source.gid} mode ${(source.mode & 0o7777).toString(8)}`,
      );
    }
  } catch (error) {
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}
