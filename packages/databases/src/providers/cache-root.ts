import { chmod, lstat, mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { SystemAccount } from './local/system-user.js';

/**
 * dbbench's cache root: one per user under the system temp directory, which every account can
 * traverse (a checkout under /root or a 0700 `mktemp -d` is not, and servers run as `postgres` there).
 * The embedded provider keeps server binaries in it, the local provider initialised data directories.
 */
export function defaultCacheRoot(): string {
  return join(tmpdir(), `dbbench-cache-${process.getuid?.() ?? 'user'}`);
}

/**
 * Creates `directory` (and its parents) if absent, making each one it creates 0755: mkdir's mode passes
 * through the umask, and 077 would shut the server's account out of a directory it must traverse.
 * They are created with mode 0755 and only then widened to it, never wider: created with mkdir's
 * default 0777, under a umask of 0 a concurrent run could see them writable by others for an instant
 * and refuse to trust them (a CI run of two local servers starting at once did).
 */
export async function makeTraversableDirectory(directory: string): Promise<void> {
  const firstCreated = await mkdir(directory, { recursive: true, mode: 0o755 });
  if (firstCreated === undefined) return;
  for (let created = directory; ; created = dirname(created)) {
    await chmod(created, 0o755);
    if (created === firstCreated || created === dirname(created)) return;
  }
}

/**
 * Why `directory` may not be trusted with what dbbench runs or copies from it, or undefined when it
 * may: it must be a real directory (not a symlink) owned by this user (or root, who could change
 * anything anyway) that no other user may write to.
 */
export async function untrustedDirectoryReason(directory: string): Promise<string | undefined> {
  const info = await lstat(directory).catch(() => undefined);
  if (info === undefined) return `${directory} does not exist`;
  if (!info.isDirectory()) return `${directory} is not a directory`;
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid && info.uid !== 0) {
    return `${directory} belongs to uid ${info.uid}, not this user (${uid})`;
  }
  if ((info.mode & 0o022) !== 0) {
    return `${directory} is writable by other users (mode ${(info.mode & 0o777).toString(8)})`;
  }
  return undefined;
}

/**
 * The first directory from `directory` up to `/` that `account` cannot pass through, or undefined
 * when it reaches `directory`. Every directory must let others through (o+x) unless the account owns
 * it, since the account is neither this user nor, as a rule, in its group.
 */
export async function untraversableDirectory(
  directory: string,
  account: SystemAccount | undefined,
): Promise<string | undefined> {
  if (account === undefined) return undefined;
  for (let current = directory; ; current = dirname(current)) {
    const { mode, uid } = await stat(current);
    if (uid !== account.uid && (mode & 0o001) === 0) return current;
    if (current === dirname(current) || current === sep) return undefined;
  }
}
