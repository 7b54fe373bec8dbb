import { describe, expect, it } from 'vitest';
import { findCpuHierarchy } from './cpu-cgroup.js';

// Lines of /proc/self/mountinfo as this machine (cgroup v1) and a systemd v2 machine show them.
const V1 = [
  '30 25 0:26 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755',
  '31 30 0:27 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct',
  '32 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
].join('\n');
const V1_COMBINED = '33 30 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct';

describe('findCpuHierarchy', () => {
  it('finds the v1 hierarchy that holds the cpu controller (not cpuacct alone)', async () => {
    expect(await findCpuHierarchy(V1)).toEqual({ version: 'v1', mount: '/sys/fs/cgroup/cpu' });
    expect(await findCpuHierarchy(V1_COMBINED)).toEqual({
      version: 'v1',
      mount: '/sys/fs/cgroup/cpu,cpuacct',
    });
  });

  it('finds none without a cgroup mount', async () => {
    expect(await findCpuHierarchy('22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw')).toBeUndefined();
  });

  it('takes a v2 mount only when its controllers include cpu', async () => {
    // This path has no cgroup.controllers file: a v2 hierarchy whose cpu controller cannot be seen.
    expect(
      await findCpuHierarchy('40 1 0:30 / /nonexistent/cgroup2 rw - cgroup2 cgroup2 rw'),
    ).toBeUndefined();
  });
});
