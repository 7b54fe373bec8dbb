import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PACKAGE_DIR } from './fixture-paths.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Lints every Markdown file under `directory` with the package's committed markdownlint config. */
export async function lintMarkdown(directory: string): Promise<{ ok: boolean; output: string }> {
  const bin = path.join(path.dirname(require.resolve('markdownlint-cli2')), 'markdownlint-cli2-bin.mjs');
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [bin, '--config', path.join(PACKAGE_DIR, '.markdownlint-cli2.jsonc'), '**/*.md'],
      { cwd: directory },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}
