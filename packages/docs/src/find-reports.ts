import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from './format.js';

/** Where reports live by default: `packages/<suite>/reports/<database>.json`. */
export const DEFAULT_REPORT_PATTERN = 'packages/*/reports/*.json';

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

/**
 * Files under `root` matching a pattern whose segments may contain `*` and `?` (within one path
 * segment), e.g. `packages/*\/reports/*.json`. Returns paths relative to `root` with `/`
 * separators, sorted by code point so the output order never depends on the file system.
 */
export async function findReportFiles(root: string, patterns: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const pattern of patterns) {
    const segments = pattern.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    let candidates = [''];
    for (const [index, segment] of segments.entries()) {
      const last = index === segments.length - 1;
      const next: string[] = [];
      for (const candidate of candidates) {
        // A literal segment (including "..") is taken as written; only wildcards list a directory.
        if (!/[*?]/.test(segment)) {
          next.push(candidate === '' ? segment : `${candidate}/${segment}`);
          continue;
        }
        const entries = await listDirectory(path.join(root, candidate));
        const matcher = segmentPattern(segment);
        for (const entry of entries) {
          if (!matcher.test(entry.name) || entry.isDirectory === last) continue;
          next.push(candidate === '' ? entry.name : `${candidate}/${entry.name}`);
        }
      }
      candidates = next;
    }
    for (const candidate of candidates) {
      if (await isFile(path.join(root, candidate))) found.add(path.posix.normalize(candidate));
    }
  }
  return [...found].sort(compareStrings);
}
