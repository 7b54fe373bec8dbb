/**
 * Tests that run the CLI as the unprivileged `nobody` account (root ignores file permissions, so only
 * another account can meet EACCES) need this checkout's code to be reachable by that account. A clone
 * under a 0700 directory (`mktemp -d`, /root) is not: there the tests run a hard-link copy of the
 * checkout made once in a world-readable temp directory (about a second: no file is copied).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The uid/gid of `nobody`. */
export const NOBODY = { uid: 65534, gid: 65534 } as const;

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/[\\/]$/, '');
const PROBE = fileURLToPath(new URL('../bin/dbbench.js', import.meta.url));

let copyRoot: string | null | undefined;

function nobodyCanRead(path: string): boolean {
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(path)})`], {
    ...NOBODY,
    stdio: 'ignore',
  });
  return probe.status === 0;
}

function reachableRoot(): string | null {
  if (copyRoot !== undefined) return copyRoot;
  if (nobodyCanRead(PROBE)) {
    copyRoot = null;
    return copyRoot;
  }
  const parent = mkdtempSync(join(tmpdir(), 'dbbench-nobody-'));
  chmodSync(parent, 0o755);
  const target = join(parent, 'checkout');
  try {
    execFileSync('cp', ['-al', REPO_ROOT, target], { stdio: 'ignore' });
  } catch {
    // Another file system: hard links cannot cross it, so copy the bytes (slower, same result).
    execFileSync('cp', ['-a', REPO_ROOT, target], { stdio: 'ignore' });
  }
  process.on('exit', () => rmSync(parent, { recursive: true, force: true }));
  copyRoot = target;
  return copyRoot;
}

/**
 * `path` (a file of this checkout) as `nobody` can reach it: itself when the checkout is readable by
 * that account, else the same file in the hard-link copy. Paths outside the checkout are returned as
 * they are.
 */
export function reachableByNobody(path: string): string {
  const root = reachableRoot();
  if (root === null || !(path === REPO_ROOT || path.startsWith(REPO_ROOT + sep))) return path;
  return join(root, relative(REPO_ROOT, path));
}
