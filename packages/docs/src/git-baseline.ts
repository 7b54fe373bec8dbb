import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A previous version of a report found in git history. */
export interface GitBaseline {
  /** The report's content at that commit. */
  readonly text: string;
  /** Abbreviated commit hash (12 hex digits). */
  readonly commit: string;
}

async function git(root: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', [...args], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
    return stdout;
  } catch {
    return undefined;
  }
}

/** The top of the git work tree holding `directory`, or undefined outside one (or without git). */
export async function gitTopLevel(directory: string): Promise<string | undefined> {
  const top = await git(directory, ['rev-parse', '--show-toplevel']);
  return top === undefined ? undefined : top.trim();
}

/**
 * Whether the repository at `root` is a shallow clone (the default checkout of most CI systems):
 * its history stops early, so the baseline rule cannot see earlier versions of a report.
 */
export async function isShallowRepository(root: string): Promise<boolean> {
  return (await git(root, ['rev-parse', '--is-shallow-repository']))?.trim() === 'true';
}

/**
 * Whether `root` is the top of a git work tree. A fixture directory inside another repository
 * must not pick up that repository's history.
 */
export async function isGitRoot(root: string): Promise<boolean> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  if (top === undefined) return false;
  try {
    return (await realpath(top.trim())) === (await realpath(root));
  } catch {
    return false;
  }
}

/**
 * The baseline rule: the newest committed version of `file` (reachable from HEAD) whose content
 * differs from `currentText`.
 *
 * Why not simply HEAD's version: after `docs` is run on a new report and both are committed, HEAD
 * holds the new report itself, and `docs:check` would compare it with nothing. Skipping versions
 * equal to the current content gives the same baseline before and after the commit, so `docs`,
 * commit, `docs:check` agrees. It needs the history: CI must fetch it (`fetch-depth: 0`).
 *
 * @param file - path relative to `root`, with `/` separators
 */
export async function findGitBaseline(
  root: string,
  file: string,
  currentText: string,
): Promise<GitBaseline | undefined> {
  const log = await git(root, ['log', '--format=%H', 'HEAD', '--', file]);
  if (!log) return undefined;
  for (const commit of log.split('\n').filter((line) => line !== '')) {
    const text = await git(root, ['show', `${commit}:${file}`]);
    // Deleted in that commit (no blob): keep looking further back.
    if (text === undefined) continue;
    if (text !== currentText) return { text, commit: commit.slice(0, 12) };
  }
  return undefined;
}
