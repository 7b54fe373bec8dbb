import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The uid/gid a server process runs as. */
export interface SystemAccount {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

/** True when this process runs as root, where PostgreSQL and MySQL refuse to run as themselves. */
export function runningAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The uid and gid of the system user `name`, or undefined when there is no such user. */
export async function lookupSystemAccount(name: string): Promise<SystemAccount | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}
