/**
 * The CLI tests fork `node` on the compiled suite modules in dist/: build them first, so a test run
 * never exercises stale JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'inherit' });
}
