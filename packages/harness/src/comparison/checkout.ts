/**
 * The code a comparison runs: a git ref checked out into a cached worktree and built (its
 * `npm run build`), beside the
 * candidate (the working tree, or another ref). Reuses the candidate's installed node_modules when
 * package-lock.json is the same (linking every package but the repository's own workspace packages,
 * which must come from the checkout), and runs `npm ci` there when it differs.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { DbbenchError, usageError } from '../define/errors.js';

const run = promisify(execFile);

/** Environment variable naming the directory that caches checkouts (default: `<tmp>/dbbench-compare`). */
export const CHECKOUT_CACHE_VARIABLE = 'DBBENCH_COMPARE_CACHE';

/** A built tree of one side of a comparison. */
export interface Checkout {
  /** Root of the repository tree (the worktree for a ref, the repository for the working tree). */
  readonly root: string;
  /** The commit it holds. */
  readonly commit: string;
  /** What the user named it ("HEAD~1", "main", "working tree"). */
  readonly label: string;
  /** The working tree has uncommitted changes (always false for a ref). */
  readonly dirty: boolean;
}

async function git(cwd: string, args: readonly string[]): Promise<string> {
  try {
    return (await run('git', [...args], { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n')[0] ?? '';
    throw new DbbenchError(`git ${args.join(' ')} failed${stderr === '' ? '' : `: ${stderr}`}`, {
      cause: error,
    });
  }
}

/** The repository root containing `directory`; a usage error outside a git repository. */
export async function repositoryRoot(directory: string): Promise<string> {
  try {
    return (await run('git', ['rev-parse', '--show-toplevel'], { cwd: directory })).stdout.trim();
  } catch {
    throw usageError(
      `${directory} is not inside a git repository: compare --base needs the repository's history`,
    );
  }
}

/** The commit a ref names; a usage error that says how to fetch it when it is unknown. */
export async function resolveCommit(root: string, ref: string): Promise<string> {
  try {
    return (
      await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root })
    ).stdout.trim();
  } catch {
    const shallow =
      (await git(root, ['rev-parse', '--is-shallow-repository']).catch(() => 'false')) === 'true';
    throw usageError(
      `--base ${ref}: no such commit in this repository` +
        (shallow ? ' (this is a shallow clone: git fetch --unshallow, or fetch-depth: 0 in CI)' : ''),
    );
  }
}

/**
 * The default baseline: the merge base with the default branch (origin/HEAD, else main or master)
 * when HEAD is not on it, else HEAD~1.
 */
export async function defaultBaseRef(root: string): Promise<string> {
  const candidates = ['origin/HEAD', 'origin/main', 'main', 'origin/master', 'master'];
  const head = await git(root, ['rev-parse', 'HEAD']);
  for (const branch of candidates) {
    const base = await git(root, ['merge-base', 'HEAD', branch]).catch(() => undefined);
    if (base !== undefined && base !== head) return base;
  }
  return 'HEAD~1';
}

/** Whether the working tree has changes outside reports and generated docs. */
async function workingTreeDirty(root: string): Promise<boolean> {
  const status = await git(root, [
    'status',
    '--porcelain',
    '--',
    ':/',
    ':(top,exclude,glob)packages/*/reports/**',
    ':(top,exclude,glob)benchmark-docs/**',
  ]);
  return status !== '';
}

/** The working tree itself as the candidate: already built by the caller (turbo's `dependsOn: build`). */
export async function workingTreeCheckout(root: string): Promise<Checkout> {
  return {
    root,
    commit: await git(root, ['rev-parse', 'HEAD']),
    label: 'working tree',
    dirty: await workingTreeDirty(root),
  };
}

function cacheDirectory(): string {
  return process.env[CHECKOUT_CACHE_VARIABLE] ?? join(tmpdir(), 'dbbench-compare');
}

/**
 * Checks `ref` out into `<cache>/<commit>` (a detached git worktree, made once and reused by every
 * later comparison against that commit), installs and builds it; `log` says what it does. A build
 * marker records success, so an interrupted build is redone, never trusted.
 */
export async function refCheckout(
  root: string,
  ref: string,
  log: (message: string) => void,
): Promise<Checkout> {
  const commit = await resolveCommit(root, ref);
  const directory = join(cacheDirectory(), commit);
  const marker = join(directory, '.dbbench-compare-built');
  const checkout: Checkout = { root: directory, commit, label: ref, dirty: false };
  if (existsSync(marker)) {
    log(`compare: reusing the build of ${ref} (${commit.slice(0, 12)}) in ${directory}`);
    return checkout;
  }
  await mkdir(cacheDirectory(), { recursive: true });
  // A half-made checkout from an interrupted run: start it again.
  await git(root, ['worktree', 'remove', '--force', directory]).catch(() => undefined);
  await rm(directory, { recursive: true, force: true });
  await git(root, ['worktree', 'prune']);
  log(`compare: checking out ${ref} (${commit.slice(0, 12)}) into ${directory}`);
  await git(root, ['worktree', 'add', '--detach', directory, commit]);
  await installDependencies(root, directory, log);
  log(`compare: building ${ref}`);
  try {
    // The repository's own build script (turbo here), if it has one.
    await run('npm', ['run', 'build', '--if-present'], {
      cwd: directory,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
  } catch (error) {
    const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    const tail = output.trim().split('\n').slice(-5).join('\n');
    throw new DbbenchError(`the build of ${ref} failed; its last lines:\n${tail}`, { cause: error });
  }
  await writeFile(marker, `${new Date().toISOString()}\n`);
  return checkout;
}

/**
 * node_modules for the checkout: when package-lock.json is the candidate's, a directory of links to
 * the candidate's installed packages, except the workspace packages (`@dbbench/*` here), which are
 * linked to the checkout's own; otherwise a fresh `npm ci`.
 */
async function installDependencies(
  root: string,
  directory: string,
  log: (message: string) => void,
): Promise<void> {
  const [ours, theirs] = await Promise.all([
    readFile(join(root, 'package-lock.json'), 'utf8').catch(() => ''),
    readFile(join(directory, 'package-lock.json'), 'utf8').catch(() => ''),
  ]);
  // Nothing to install: a tree without a lockfile on either side.
  if (ours === '' && theirs === '') return;
  if (ours !== theirs || !existsSync(join(root, 'node_modules'))) {
    log('compare: package-lock.json differs, running npm ci in the checkout');
    try {
      await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: directory, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      throw new DbbenchError(
        `npm ci in the checkout ${directory} failed: ${(error as Error).message.split('\n')[0] ?? ''}`,
        {
          cause: error,
        },
      );
    }
    return;
  }
  const workspaces = await workspacePackageLinks(directory);
  await linkModules(join(root, 'node_modules'), join(directory, 'node_modules'), directory, workspaces);
  // A workspace's own node_modules holds the versions that differ from the root's (the harness's
  // commander 14 beside the root's 8): without them the checkout would build against the root's.
  for (const workspace of workspaces) {
    const nested = join(root, workspace.path, 'node_modules');
    if (existsSync(nested))
      await linkModules(nested, join(directory, workspace.path, 'node_modules'), directory, workspaces);
  }
  // Unscoped workspace packages (left out above) point at the checkout's own.
  const modules = join(directory, 'node_modules');
  for (const link of workspaces.filter((candidate) => !candidate.name.includes('/')))
    await symlink(relative(modules, join(directory, link.path)), join(modules, link.name));
}

/**
 * Fills `modules` with links to every package in `installed`, except the workspace packages, which
 * are linked to the checkout's own (a scope holding any is linked package by package).
 */
async function linkModules(
  installed: string,
  modules: string,
  directory: string,
  workspaces: readonly { name: string; path: string }[],
): Promise<void> {
  await mkdir(modules, { recursive: true });
  for (const entry of await readdir(installed)) {
    const scopedWorkspaces = workspaces.filter((link) => link.name.startsWith(`${entry}/`));
    if (workspaces.some((link) => link.name === entry)) continue;
    if (scopedWorkspaces.length === 0) {
      await symlink(join(installed, entry), join(modules, entry));
      continue;
    }
    // A scope holding workspace packages: link its other packages one by one.
    await mkdir(join(modules, entry), { recursive: true });
    for (const name of await readdir(join(installed, entry))) {
      const full = `${entry}/${name}`;
      const workspace = scopedWorkspaces.find((link) => link.name === full);
      const target = workspace === undefined ? join(installed, full) : join(directory, workspace.path);
      await symlink(
        workspace === undefined ? target : relative(join(modules, entry), target),
        join(modules, full),
      );
    }
  }
}

/** The workspace packages of a tree: name and path, read from the root package.json's `workspaces`. */
async function workspacePackageLinks(directory: string): Promise<{ name: string; path: string }[]> {
  const rootPackage = JSON.parse(await readFile(join(directory, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  const links: { name: string; path: string }[] = [];
  for (const path of rootPackage.workspaces ?? []) {
    const manifest = join(directory, path, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(await readFile(manifest, 'utf8')) as { name?: string };
    if (name !== undefined) links.push({ name, path });
  }
  return links;
}

/** The path of `file` (inside `from.root`) in another checkout. */
export function sameFileIn(file: string, from: Checkout, to: Checkout): string {
  const inside = relative(from.root, file);
  if (inside.startsWith('..')) throw usageError(`${file} is not inside the repository ${from.root}`);
  return join(to.root, inside);
}
