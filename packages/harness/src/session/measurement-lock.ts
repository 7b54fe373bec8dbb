/**
 * One measuring run per machine at a time, first come, first served. Two runs measuring at once —
 * `turbo run bench:postgres` starts every suite's task in parallel by default — would share the CPU
 * cores and skew each other's numbers, so a run waits for the lock before it obtains its server and
 * releases it at the end.
 *
 * Two kinds of files, both holding `{ pid, command, since, token }` as JSON:
 * - the lock itself (default `<tmpdir>/dbbench-measure.lock`, or `DBBENCH_LOCK_FILE`): the run that
 *   measures. It appears atomically with its content (a temp file hard-linked to the lock's name,
 *   which fails when the lock exists), so nobody ever reads half a lock.
 * - a ticket per waiting run in `<lock>.queue/`, named by arrival time. A run takes the lock only
 *   when no live ticket is older than its own, so runs measure in the order they arrived; a later
 *   run can never take the lock again and again while an earlier one waits.
 *
 * A lock or ticket whose process is gone (killed, or its PID reused by something that is not
 * dbbench) is stale: a ticket is skipped, a lock is removed and taken over. When a stale lock cannot
 * be removed (another user's file in a sticky directory such as /tmp) the run fails at once with one
 * line saying how to fix it, instead of waiting for a lock nobody will release.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DbbenchError, InterruptedError } from '../define/errors.js';

/** Environment variable naming another lock file (e.g. to let two unrelated runs overlap on purpose). */
export const LOCK_FILE_VARIABLE = 'DBBENCH_LOCK_FILE';

/** How often a waiting run looks at the lock and the queue again. */
const POLL_INTERVAL_MS = 250;

/** A lock or ticket that cannot be parsed is treated as being written for this long, then as stale. */
const UNREADABLE_GRACE_MS = 5000;

/** The longest holder command shown to a waiting run. */
const MAX_COMMAND_LENGTH = 160;

/** The lock file used when {@link LOCK_FILE_VARIABLE} is not set (or empty). */
export function defaultLockPath(): string {
  const configured = process.env[LOCK_FILE_VARIABLE];
  return configured === undefined || configured === '' ? join(tmpdir(), 'dbbench-measure.lock') : configured;
}

/** Releases a held lock; safe to call twice. */
export type ReleaseLock = () => Promise<void>;

/** Acquisitions started by this process, so two in one millisecond keep their order. */
let acquisitions = 0;

/** Who holds the lock or waits for it. */
interface LockEntry {
  readonly pid: number;
  /** The dbbench command line, passwords in URLs replaced by `***`. */
  readonly command: string;
  /** ISO time the run started waiting (ticket) or measuring (lock). */
  readonly since: string;
  /** Tells two acquisitions of one process apart. */
  readonly token: string;
}

/**
 * Waits its turn until no other dbbench run is measuring on this machine, then takes the lock.
 *
 * @param log - told when the run has to wait: its position in the queue and who is measuring (again
 *   whenever either changes)
 * @param signal - aborting stops the wait with an {@link InterruptedError}
 * @throws DbbenchError when the lock path is unusable or a stale lock cannot be removed
 */
export async function acquireMeasurementLock(
  log: (message: string) => void,
  signal?: AbortSignal,
  path: string = defaultLockPath(),
): Promise<ReleaseLock> {
  checkLockPath(path);
  // Sorts by arrival: time, then (for one process) call order; the random part keeps names unique.
  acquisitions += 1;
  const token = [
    String(Date.now()).padStart(15, '0'),
    String(process.pid).padStart(10, '0'),
    String(acquisitions).padStart(6, '0'),
    randomBytes(4).toString('hex'),
  ].join('-');
  const queue = `${path}.queue`;
  const ticket = join(queue, `${token}.ticket`);
  joinQueue(path, queue, ticket, entry(token, new Date()));
  let acquired = false;
  let lastAnnouncement = '';
  try {
    for (;;) {
      if (signal?.aborted) throw interrupted();
      const ahead = liveTicketsAhead(queue, token);
      let holder = readEntry(path);
      // Only the head of the queue takes the lock, or takes over a stale one.
      if (ahead === 0) {
        if (holder === 'stale') {
          removeStaleLock(path);
          holder = 'missing';
        }
        if (holder === 'missing' && tryCreateLock(path, entry(token, new Date()))) {
          acquired = true;
          return releaser(path, token);
        }
      }
      const announcement = describeWait(path, ahead + 1, holder);
      if (announcement !== lastAnnouncement) {
        log(announcement);
        lastAnnouncement = announcement;
      }
      try {
        await sleep(POLL_INTERVAL_MS, undefined, signal === undefined ? {} : { signal });
      } catch {
        throw interrupted();
      }
    }
  } finally {
    removeQuietly(ticket);
    if (!acquired) removeQuietly(`${path}.${token}.tmp`);
  }
}

function interrupted(): InterruptedError {
  return new InterruptedError('interrupted while waiting for another dbbench run to finish; nothing was run');
}

function entry(token: string, since: Date): LockEntry {
  return { pid: process.pid, command: currentCommand(), since: since.toISOString(), token };
}

/** The lock path must be a file (or not exist yet) in a directory that exists. */
function checkLockPath(path: string): void {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw lockPathError(path, 'it is not a regular file');
  } catch (error) {
    if (error instanceof DbbenchError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw lockPathError(path, error);
  }
}

/** Creates the queue directory (shared by every user, like /tmp) and this run's ticket. */
function joinQueue(path: string, queue: string, ticket: string, me: LockEntry): void {
  try {
    mkdirSync(queue, { mode: 0o1777 });
    // mkdir applies the umask; every user's runs must be able to queue here.
    chmodSync(queue, 0o1777);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw lockPathError(path, error);
  }
  try {
    writeFileSync(ticket, JSON.stringify(me), { flag: 'wx', mode: 0o644 });
  } catch (error) {
    throw lockPathError(path, error, queue);
  }
}

/** Live tickets older than this run's; dead ones are skipped and removed when possible. */
function liveTicketsAhead(queue: string, token: string): number {
  let names: string[];
  try {
    names = readdirSync(queue);
  } catch {
    return 0;
  }
  let ahead = 0;
  for (const name of names) {
    if (!name.endsWith('.ticket') || name >= `${token}.ticket`) continue;
    const ticket = join(queue, name);
    let state: ReturnType<typeof readEntry>;
    try {
      state = readEntry(ticket);
    } catch {
      continue; // unreadable (another user's, made private): it cannot be judged, so it cannot block
    }
    if (state === 'stale') removeQuietly(ticket);
    else if (state !== 'missing') ahead++;
  }
  return ahead;
}

/** Creates the lock with its content in one step; false when another run holds it. */
function tryCreateLock(path: string, me: LockEntry): boolean {
  const temporary = `${path}.${me.token}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(me)}\n`, { flag: 'w', mode: 0o644 });
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw lockPathError(path, error);
  } finally {
    removeQuietly(temporary);
  }
}

/**
 * Reads a lock or ticket: its entry; `'stale'` when its process is gone (or it stayed unparseable
 * past the grace period); `'pending'` when it is being written; `'missing'` when there is none.
 */
function readEntry(path: string): LockEntry | 'stale' | 'pending' | 'missing' {
  let text: string;
  let modifiedMs: number;
  try {
    modifiedMs = statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw lockPathError(path, error);
  }
  const parsed = parseEntry(text);
  if (parsed === undefined) return Date.now() - modifiedMs > UNREADABLE_GRACE_MS ? 'stale' : 'pending';
  return isLiveDbbench(parsed.pid) ? parsed : 'stale';
}

/** JSON entries, and the bare PID older versions wrote. */
function parseEntry(text: string): LockEntry | undefined {
  try {
    const json = JSON.parse(text) as Partial<LockEntry>;
    if (typeof json === 'object' && json !== null && Number.isInteger(json.pid) && (json.pid ?? 0) > 0) {
      return {
        pid: json.pid as number,
        command: typeof json.command === 'string' ? json.command : commandOf(json.pid as number),
        since: typeof json.since === 'string' ? json.since : '',
        token: typeof json.token === 'string' ? json.token : '',
      };
    }
  } catch {
    // not JSON: maybe the bare PID of an older version
  }
  const pid = /^\s*(\d+)\s*$/.exec(text)?.[1];
  if (pid === undefined || Number(pid) <= 0) return undefined;
  return { pid: Number(pid), command: commandOf(Number(pid)), since: '', token: '' };
}

/** Removes a stale lock; one clear line when this user may not. */
function removeStaleLock(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    let owner = '';
    try {
      owner = ` (it belongs to user id ${statSync(path).uid})`;
    } catch {
      // gone meanwhile: the next look finds it missing
      return;
    }
    throw new DbbenchError(
      `the measurement lock ${path} was left by a dbbench run that no longer exists, and this user cannot remove it${owner}: ` +
        `remove it (rm ${path}) or set ${LOCK_FILE_VARIABLE} to another file`,
    );
  }
}

function describeWait(path: string, position: number, holder: ReturnType<typeof readEntry>): string {
  const who =
    typeof holder === 'object'
      ? `process ${holder.pid} holds it${holder.since === '' ? '' : ` since ${clockTime(holder.since)}`} (${holder.command})`
      : 'it is being handed over';
  return (
    `waiting for the measurement lock, position ${position} in the queue: ${who}; ` +
    `runs measure one at a time so they do not skew each other (lock ${path})`
  );
}

function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toTimeString().slice(0, 8);
}

function releaser(path: string, token: string): ReleaseLock {
  let released = false;
  return () => {
    if (released) return Promise.resolve();
    released = true;
    try {
      const holder = parseEntry(readFileSync(path, 'utf8'));
      if (holder?.token === token) unlinkSync(path);
    } catch {
      // already gone
    }
    return Promise.resolve();
  };
}

/** Whether `pid` is a running process that is a dbbench run (a reused PID is not). */
function isLiveDbbench(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but someone else's; only ESRCH means gone.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dbbench');
  } catch {
    return true; // no /proc (macOS): trust the PID
  }
}

/** This process's command as a waiting user should see it, e.g. `dbbench run dist/postgres-suite.js`. */
function currentCommand(): string {
  const script = basename(process.argv[1] ?? 'node').replace(/\.[cm]?js$/, '');
  return shortCommand([script, ...process.argv.slice(2)].join(' '));
}

/** The command line of another process (older lock files hold only its PID). */
function commandOf(pid: number): string {
  try {
    const parts = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = parts.findIndex((part) => /dbbench/.test(part));
    return shortCommand(parts.slice(script < 0 ? 0 : script).join(' '));
  } catch {
    return 'command unknown';
  }
}

/** Passwords in URLs replaced (the lock file is world-readable), long lines cut. */
function shortCommand(command: string): string {
  const redacted = command.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@]*@/gi, '$1:***@');
  return redacted.length > MAX_COMMAND_LENGTH ? `${redacted.slice(0, MAX_COMMAND_LENGTH - 1)}…` : redacted;
}

function lockPathError(path: string, cause: unknown, where = path): DbbenchError {
  const reason =
    typeof cause === 'string'
      ? cause
      : ((cause as NodeJS.ErrnoException).code ?? (cause as Error).message ?? String(cause));
  const fromVariable =
    process.env[LOCK_FILE_VARIABLE] !== undefined && process.env[LOCK_FILE_VARIABLE] !== '';
  return new DbbenchError(
    `cannot use the measurement lock ${where}: ${reason}; set ${LOCK_FILE_VARIABLE} to a file in a writable directory`,
    { usage: fromVariable, cause },
  );
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone, or not ours to remove
  }
}
