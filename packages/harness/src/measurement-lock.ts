/**
 * One measuring run per machine at a time. Two runs measuring at once — `turbo run bench:postgres`
 * starts every suite's task in parallel by default — would share the CPU cores and skew each other's
 * numbers, so a run waits for the lock before it obtains its server and releases it at the end.
 *
 * The lock is a file holding the owner's PID, created exclusively. A lock whose owner is no longer a
 * running dbbench process (killed, or its PID reused by something else) is taken over, so a SIGKILLed
 * run never blocks the next one.
 */
import { readFileSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DbbenchError } from './errors.js';

/** Environment variable naming another lock file (e.g. to let two unrelated runs overlap on purpose). */
export const LOCK_FILE_VARIABLE = 'DBBENCH_LOCK_FILE';

/** How often a waiting run checks the lock again. */
const POLL_INTERVAL_MS = 500;

/** The lock file used when {@link LOCK_FILE_VARIABLE} is not set. */
export function defaultLockPath(): string {
  return process.env[LOCK_FILE_VARIABLE] ?? join(tmpdir(), 'dbbench-measure.lock');
}

/** Releases a held lock; safe to call twice. */
export type ReleaseLock = () => Promise<void>;

/**
 * Waits until no other dbbench run is measuring on this machine, then takes the lock.
 *
 * @param log - told once when the run has to wait, and for whom
 * @param signal - aborting stops the wait with a DbbenchError
 */
export async function acquireMeasurementLock(
  log: (message: string) => void,
  signal?: AbortSignal,
  path: string = defaultLockPath(),
): Promise<ReleaseLock> {
  let announced = false;
  for (;;) {
    if (await tryCreate(path)) return releaser(path);
    const owner = await readOwner(path);
    if (owner !== undefined && !isLiveDbbench(owner)) {
      await unlink(path).catch(() => undefined);
      continue;
    }
    if (!announced) {
      log(
        `waiting for the dbbench run in process ${owner ?? '?'} to finish: runs measure one at a time so ` +
          `they do not skew each other (lock ${path})`,
      );
      announced = true;
    }
    if (signal?.aborted)
      throw new DbbenchError('interrupted while waiting for another dbbench run to finish');
    await sleep(POLL_INTERVAL_MS);
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    await writeFile(path, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new DbbenchError(
      `cannot create the measurement lock ${path}: ${(error as Error).message}; set ${LOCK_FILE_VARIABLE} to a writable path`,
    );
  }
}

async function readOwner(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  const pid = Number.parseInt(text ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
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

function releaser(path: string): ReleaseLock {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if ((await readOwner(path)) === process.pid) await unlink(path).catch(() => undefined);
  };
}
