import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from './format.js';

/** Where reports live by default: `packages/<suite>/reports/<database>.json`. */
export const DEFAULT_REPORT_PATTERN = 'packages/*/reports/*.json';

/** A report file a pattern matched. */
export interface FoundReport {
  /** Absolute path. */
  readonly path: string;
  /**
   * How pages and messages name it: relative to the root with `/` separators, or the absolute
   * path when it lies outside the root.
   */
  readonly shown: string;
}

/** The files one pattern matched. */
export interface PatternMatches {
  readonly pattern: string;
  readonly files: readonly FoundReport[];
}

function segmentPattern(segment: string): RegExp {
  const escaped = segment
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${escaped}$`);
}

async function listDirectory(directory: string): Promise<{ name: string; isDirectory: boolean }[]> {
  try {
    const entries = await readdir(directory, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() }));
  } catch {
    return [];
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The name of a file in pages and messages: relative to `root` when inside it, else absolute. */
export function shownPath(root: string, file: string): string {
  const relative = path.relative(root, file);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return (inside ? relative : file).split(path.sep).join('/');
}

async function matchPattern(root: string, pattern: string): Promise<FoundReport[]> {
  // An absolute pattern is taken from the file-system root; a relative one from `root`.
  const base = path.isAbsolute(pattern) ? path.parse(pattern).root : root;
  const segments = (path.isAbsolute(pattern) ? pattern.slice(base.length) : pattern)
    .split(/[\\/]+/)
    .filter((segment) => segment !== '' && segment !== '.');
  let candidates = [base];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const next: string[] = [];
    for (const candidate of candidates) {
      // A literal segment (including "..") is taken as written; only wildcards list a directory.
      if (!/[*?]/.test(segment)) {
        next.push(path.join(candidate, segment));
        continue;
      }
      const matcher = segmentPattern(segment);
      for (const entry of await listDirectory(candidate)) {
        if (matcher.test(entry.name) && entry.isDirectory !== last)
          next.push(path.join(candidate, entry.name));
      }
    }
    candidates = next;
  }
  const files: FoundReport[] = [];
  for (const candidate of candidates) {
    if (await isFile(candidate)) files.push({ path: candidate, shown: shownPath(root, candidate) });
  }
  return files;
}

/**
 * The files each pattern matches. A pattern's segments may contain `*` and `?` (within one path
 * segment), e.g. `packages/*\/reports/*.json`; a relative pattern is taken from `root`, an
 * absolute one as written. Files are sorted by code point, so the output order never depends on
 * the file system.
 */
export async function findReportFiles(root: string, patterns: readonly string[]): Promise<PatternMatches[]> {
  const matches: PatternMatches[] = [];
  for (const pattern of patterns) {
    const files = await matchPattern(path.resolve(root), pattern);
    matches.push({ pattern, files: files.sort((a, b) => compareStrings(a.shown, b.shown)) });
  }
  return matches;
}
