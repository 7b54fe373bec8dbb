import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

// PostgreSQL truncates identifiers at 63 bytes, MySQL refuses names over 64: stay under both.
const MAX_IDENTIFIER_LENGTH = 63;
const RANDOM_SUFFIX_BYTES = 4;
const HOST_TAG_LENGTH = 6;

/** The run a work database belongs to, as its name records it. */
export interface WorkDatabaseOwner {
  /** The first hex digits of a hash of the host's name (a name may hold characters identifiers cannot). */
  readonly hostTag: string;
  readonly pid: number;
}

/** The tag {@link workDatabaseName} records for a host name. */
export function hostTag(host: string = hostname()): string {
  return createHash('sha256').update(host).digest('hex').slice(0, HOST_TAG_LENGTH);
}

/**
 * A fresh `dbbench_<suite>_h<host>p<pid>_<random>` database name: lower-case, `[a-z0-9_]` only
 * (safe unquoted on both engines), unique per call so concurrent runs on one server never share a
 * database. Host and PID say whose run it is, so `dbbench clean` can tell a run that is gone
 * (SIGKILLed before its watchdog could act) from one still running, with no table or comment that
 * a benchmark or an engine might lack.
 */
export function workDatabaseName(
  suite: string,
  owner: WorkDatabaseOwner = { hostTag: hostTag(), pid: process.pid },
): string {
  const suffix = randomBytes(RANDOM_SUFFIX_BYTES).toString('hex');
  const ownerTag = `h${owner.hostTag}p${owner.pid}`;
  const room = MAX_IDENTIFIER_LENGTH - 'dbbench___'.length - ownerTag.length - suffix.length;
  const cleaned = suite
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, room)
    .replace(/_+$/, '');
  return `dbbench_${cleaned || 'run'}_${ownerTag}_${suffix}`;
}

/** True for names {@link workDatabaseName} produces (and older ones without an owner): the only databases dbbench ever drops on a named server. */
export function isWorkDatabaseName(name: string): boolean {
  return /^dbbench_[a-z0-9_]+_[0-9a-f]{8}$/.test(name);
}

/** The run a work database's name records, or undefined for a name without one (made before names recorded it). */
export function workDatabaseOwner(name: string): WorkDatabaseOwner | undefined {
  if (!isWorkDatabaseName(name)) return undefined;
  const match = /_h([0-9a-f]{6})p([0-9]{1,10})_[0-9a-f]{8}$/.exec(name);
  if (match === null) return undefined;
  return { hostTag: match[1] ?? '', pid: Number(match[2]) };
}
