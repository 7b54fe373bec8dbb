import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Fork tests run the compiled harness (dist/), as users do; refuse to test a missing or stale build. */
export default function checkBuild(): void {
  const forkChild = fileURLToPath(new URL('../dist/fork/fork-child.js', import.meta.url));
  const source = fileURLToPath(new URL('../src/fork/trial-runner.ts', import.meta.url));
  if (!existsSync(forkChild)) {
    throw new Error('dist/ is missing: run `npm run build -w @dbbench/harness` before the tests');
  }
  if (statSync(source).mtimeMs > statSync(forkChild).mtimeMs + 1000) {
    console.warn('warning: src/ is newer than dist/; fork tests run the last build (npm run build)');
  }
}
