import { readFileSync } from 'node:fs';

/**
 * True while `pid` names a running process. A zombie (exited, not yet reaped, as happens to a
 * server whose parent was killed under a non-reaping init) counts as gone: it holds no port,
 * no files and no memory.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user, which still means alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; comm may hold spaces and parentheses, the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    // No /proc (macOS) or the process vanished between the two checks.
    return false;
  }
}

/** Waits until `pid` is gone or `timeoutMs` passes; resolves true when it is gone. */
export async function waitForProcessExit(pid: number, timeoutMs: number, pollMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
