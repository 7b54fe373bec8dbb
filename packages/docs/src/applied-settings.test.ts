import { describe, expect, it } from 'vitest';
import { appliedNote } from './applied-settings.js';
import type { ResultRow } from './result-row.js';

const read = (cpus: number | null, source = 'cgroup v1 /sys/fs/cgroup/cpu/dbbench/postgres-1-abc') => ({
  serverCpus: { cpus, quotaUs: cpus === null ? null : cpus * 100_000, periodUs: 100_000, source },
});

function row(cpus: string | undefined, applied: readonly object[] | undefined): ResultRow {
  return {
    params: cpus === undefined ? {} : { cpus },
    dbbench: applied === undefined ? undefined : { applied },
  } as unknown as ResultRow;
}

describe('appliedNote', () => {
  it('says which quotas the forks ran under, read back, and that each row kept one', () => {
    const note = appliedNote([
      row('0.5', [read(0.5), read(0.5)]),
      row('none', [read(null)]),
      row('2', [read(2)]),
    ]);
    expect(note).toBe(
      "The server's CPU quota, read back from the server's cgroup v1 before each of 4 forks: " +
        '50,000 µs per 100,000 µs (0.5 CPU) (2 forks); no quota (1 fork); 200,000 µs per 100,000 µs (2 CPUs) (1 fork)' +
        " — each row's forks all ran under one quota.",
    );
  });

  it('names rows whose forks ran under different quotas, and where each was read', () => {
    const note = appliedNote([row('1', [read(1, 'container 0123456789ab cgroup v2'), read(null)])]);
    expect(note).toMatch(/from the container's cgroup v2 and the server's cgroup v1/);
    expect(note).toMatch(/1 row\(s\) whose forks ran under different quotas\.$/);
  });

  it('is null where nothing was applied', () => {
    expect(appliedNote([row('1', undefined), row(undefined, [])])).toBeNull();
  });
});
