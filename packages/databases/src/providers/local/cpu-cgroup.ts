/**
 * The local provider's CPU limit: a cgroup of dbbench's own, whose CFS quota dbbench sets before
 * each fork that asks for one, with the server's processes moved into it; before a fork that asks
 * for none they go back to the cgroup they started in, so a benchmark without a quota measures the
 * server exactly as a run without the axis would (in cgroup v1 a child group competes for the CPU as
 * one task, not as one per backend). What is in force is read back from the cgroup the server is
 * actually in (`/proc/<pid>/cgroup`). cgroup v1 (the `cpu` controller's hierarchy,
 * `cpu.cfs_quota_us` / `cpu.cfs_period_us`) and v2 (`cpu.max`, with the controller enabled for the
 * `dbbench` parent) are both handled. Needs write access to the cgroup tree (root, or a delegated
 * subtree); otherwise {@link createServerCgroup} throws saying so, and the caller refuses `cpus`.
 *
 * Processes forked later (a PostgreSQL backend per connection) inherit their parent's cgroup, so
 * moving the server and the processes it already forked covers every connection a fork opens.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkCpuQuota,
  CPU_PERIOD_US,
  parseCpuQuota,
  quotaMicroseconds,
  parseCpuStat,
  type CpuQuota,
  type ServerCpuLimit,
} from '../cpu-limit.js';

/** Where the cpu controller lives on this machine. */
export interface CpuHierarchy {
  readonly version: 'v1' | 'v2';
  /** Mount point of the hierarchy (v1: the one with the cpu controller; v2: the unified one). */
  readonly mount: string;
}

/** The folder under the hierarchy that holds every server cgroup dbbench makes. */
export const CGROUP_PARENT = 'dbbench';

/** A server's cgroup: its CPU limit, and its removal once the server has exited. */
export interface ServerCgroup extends ServerCpuLimit {
  /** Absolute path of the cgroup directory. */
  readonly path: string;
  /** Removes the (by then empty) cgroup; retries while the server's last processes exit. */
  remove(): Promise<void>;
}

/** Finds the cpu controller's hierarchy from /proc/self/mountinfo; undefined when there is none. */
export async function findCpuHierarchy(mountinfo?: string): Promise<CpuHierarchy | undefined> {
  const text = mountinfo ?? (await readFile('/proc/self/mountinfo', 'utf8'));
  let unified: string | undefined;
  for (const line of text.split('\n')) {
    // Fields: id parent major:minor root mount-point options … - fstype source super-options
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) continue;
    const mountPoint = before.split(' ')[4];
    const [fsType, , superOptions = ''] = after.split(' ');
    if (mountPoint === undefined) continue;
    if (fsType === 'cgroup' && superOptions.split(',').includes('cpu')) {
      return { version: 'v1', mount: mountPoint };
    }
    if (fsType === 'cgroup2') unified ??= mountPoint;
  }
  if (unified === undefined) return undefined;
  const controllers = await readFile(join(unified, 'cgroup.controllers'), 'utf8').catch(() => '');
  return controllers.split(/\s+/).includes('cpu') ? { version: 'v2', mount: unified } : undefined;
}

/**
 * Makes a cgroup for one server (`<hierarchy>/dbbench/<engine>-<pid>-<random>`, after removing
 * empty ones that runs killed before their clean-up left) and proves the server can be moved into it
 * and back; the server stays in the cgroup it started in until a quota is applied.
 */
export async function createServerCgroup(engine: string, serverPid: number): Promise<ServerCgroup> {
  const hierarchy = await findCpuHierarchy();
  if (hierarchy === undefined) {
    throw new Error('this machine has no cgroup hierarchy with the cpu controller (/proc/self/mountinfo)');
  }
  const parent = join(hierarchy.mount, CGROUP_PARENT);
  try {
    await mkdir(parent, { recursive: true });
    if (hierarchy.version === 'v2') {
      // A child's cpu.max exists only once the parents hand the controller down.
      await writeFile(join(hierarchy.mount, 'cgroup.subtree_control'), '+cpu');
      await writeFile(join(parent, 'cgroup.subtree_control'), '+cpu');
    }
  } catch (error) {
    throw new Error(`cannot make a cgroup under ${hierarchy.mount}: ${describe(error)} (it needs root)`);
  }
  await removeEmptyCgroups(parent);
  const home = join(hierarchy.mount, await cgroupOf(hierarchy, serverPid));
  const path = join(parent, `${engine}-${process.pid}-${randomBytes(3).toString('hex')}`);
  await mkdir(path);
  const cgroup = serverCgroup(hierarchy, path, home, serverPid);
  try {
    await cgroup.apply(undefined);
    await moveProcesses([serverPid], path);
    if (join(hierarchy.mount, await cgroupOf(hierarchy, serverPid)) !== path) {
      throw new Error(`the server (pid ${serverPid}) is not in ${path} after moving it there`);
    }
    await cgroup.apply(undefined);
    return cgroup;
  } catch (error) {
    await moveProcesses(await members(path), home).catch(() => undefined);
    await cgroup.remove().catch(() => undefined);
    throw new Error(`cannot move the server into ${path}: ${describe(error)}`);
  }
}

function serverCgroup(hierarchy: CpuHierarchy, path: string, home: string, serverPid: number): ServerCgroup {
  // The quota of the cgroup the server is in now, read from its own files.
  const readQuota = async (): Promise<CpuQuota> => {
    const current = join(hierarchy.mount, await cgroupOf(hierarchy, serverPid));
    const source = `cgroup ${hierarchy.version} ${current}`;
    return hierarchy.version === 'v1'
      ? parseCpuQuota(
          {
            v1: {
              quota: await readFile(join(current, 'cpu.cfs_quota_us'), 'utf8'),
              period: await readFile(join(current, 'cpu.cfs_period_us'), 'utf8'),
            },
          },
          source,
        )
      : parseCpuQuota(
          { v2: await readFile(join(current, 'cpu.max'), 'utf8').catch(() => `max ${CPU_PERIOD_US}`) },
          source,
        );
  };
  return {
    path,
    async throttling() {
      const current = join(hierarchy.mount, await cgroupOf(hierarchy, serverPid));
      return parseCpuStat(await readFile(join(current, 'cpu.stat'), 'utf8'), `${current}/cpu.stat`);
    },
    async apply(cpus) {
      if (cpus === undefined) {
        // Home first, then no quota: nothing of the server is left to run under the old one.
        await moveProcesses(await members(path), home);
        await writeQuota(hierarchy, path, undefined);
        const found = await readQuota();
        if (found.source.endsWith(path))
          throw new Error(`the server is still in ${path} after moving it home`);
        // The cgroup it started in is not dbbench's to change: whatever quota it has is recorded as found.
        return found;
      }
      await writeQuota(hierarchy, path, cpus);
      await moveProcesses([serverPid, ...(await descendants(serverPid))], path);
      const found = await readQuota();
      if (!found.source.endsWith(path)) throw new Error(`the server (pid ${serverPid}) is not in ${path}`);
      return checkCpuQuota(cpus, found);
    },
    async remove() {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await rmdir(path);
          return;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') return;
          // EBUSY while the server's last processes are still exiting.
          if (code !== 'EBUSY' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}

async function writeQuota(hierarchy: CpuHierarchy, path: string, cpus: number | undefined): Promise<void> {
  if (hierarchy.version === 'v1') {
    // Quota first to -1, so a new period never meets an old quota that exceeds it.
    await writeFile(join(path, 'cpu.cfs_quota_us'), '-1');
    await writeFile(join(path, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
    if (cpus !== undefined) await writeFile(join(path, 'cpu.cfs_quota_us'), String(quotaMicroseconds(cpus)));
  } else {
    const quota = cpus === undefined ? 'max' : String(quotaMicroseconds(cpus));
    await writeFile(join(path, 'cpu.max'), `${quota} ${CPU_PERIOD_US}`);
  }
}

/** The cgroup path (relative to the hierarchy's mount) of `pid` in the cpu hierarchy. */
async function cgroupOf(hierarchy: CpuHierarchy, pid: number): Promise<string> {
  const lines = (await readFile(`/proc/${pid}/cgroup`, 'utf8')).split('\n');
  for (const line of lines) {
    // "hierarchy-id:controllers:path"; v2's line is "0::path".
    const [id, controllers = '', ...rest] = line.split(':');
    const path = rest.join(':');
    if (
      hierarchy.version === 'v2' ? id === '0' && controllers === '' : controllers.split(',').includes('cpu')
    ) {
      return path;
    }
  }
  throw new Error(`/proc/${pid}/cgroup names no cgroup of the cpu controller`);
}

/** The processes in a cgroup. */
async function members(path: string): Promise<number[]> {
  const text = await readFile(join(path, 'cgroup.procs'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map(Number);
}

/** Moves processes into the cgroup at `path`; one that exited meanwhile is skipped. */
async function moveProcesses(pids: readonly number[], path: string): Promise<void> {
  for (const pid of pids) {
    try {
      await writeFile(join(path, 'cgroup.procs'), String(pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}

/** Removes the empty cgroups under `parent` (a cgroup with processes refuses rmdir and stays). */
async function removeEmptyCgroups(parent: string): Promise<void> {
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) await rmdir(join(parent, entry.name)).catch(() => undefined);
  }
}

/** Every process descended from `pid`, from the parent pids in /proc/<pid>/stat. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isSafeInteger(ppid)) parents.set(Number(name), ppid);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [child, parent] of parents) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
