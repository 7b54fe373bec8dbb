import { randomBytes } from 'node:crypto';

// PostgreSQL truncates identifiers at 63 bytes, MySQL refuses names over 64: stay under both.
const MAX_IDENTIFIER_LENGTH = 63;
const RANDOM_SUFFIX_BYTES = 4;

/**
 * A fresh `dbbench_<suite>_<random>` database name: lower-case, `[a-z0-9_]` only (safe unquoted on
 * both engines), unique per call so concurrent runs on one server never share a database.
 */
export function workDatabaseName(suite: string): string {
  const suffix = randomBytes(RANDOM_SUFFIX_BYTES).toString('hex');
  const room = MAX_IDENTIFIER_LENGTH - 'dbbench__'.length - suffix.length;
  const cleaned = suite
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, room);
  return `dbbench_${cleaned || 'run'}_${suffix}`;
}

/** True for names {@link workDatabaseName} produces: the only databases dbbench ever drops on a named server. */
export function isWorkDatabaseName(name: string): boolean {
  return /^dbbench_[a-z0-9_]+_[0-9a-f]{8}$/.test(name);
}
