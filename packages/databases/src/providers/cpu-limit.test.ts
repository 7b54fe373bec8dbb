import { describe, expect, it } from 'vitest';
import { checkCpuQuota, parseCpuQuota, parseCpuStat, quotaMicroseconds } from './cpu-limit.js';

describe('parseCpuQuota', () => {
  it('reads cgroup v1 quota and period, and -1 as no quota', () => {
    expect(parseCpuQuota({ v1: { quota: '50000\n', period: '100000\n' } }, 'x')).toEqual({
      cpus: 0.5,
      quotaUs: 50_000,
      periodUs: 100_000,
      source: 'x',
    });
    expect(parseCpuQuota({ v1: { quota: '-1', period: '100000' } }, 'x')).toMatchObject({
      cpus: null,
      quotaUs: null,
    });
  });

  it('reads cgroup v2 cpu.max, and max as no quota', () => {
    expect(parseCpuQuota({ v2: '150000 100000\n' }, 'y')).toMatchObject({ cpus: 1.5, periodUs: 100_000 });
    expect(parseCpuQuota({ v2: 'max 100000' }, 'y')).toMatchObject({ cpus: null, quotaUs: null });
  });

  it('refuses what is not a quota, naming where it was read', () => {
    expect(() => parseCpuQuota({ v2: '' }, '/sys/x/cpu.max')).toThrow(/period from \/sys\/x\/cpu\.max/);
    expect(() => parseCpuQuota({ v1: { quota: 'abc', period: '100000' } }, 'z')).toThrow(
      /quota from z: "abc"/,
    );
  });
});

describe('checkCpuQuota', () => {
  const read = (quotaUs: number | null) =>
    ({
      cpus: quotaUs === null ? null : quotaUs / 100_000,
      quotaUs,
      periodUs: 100_000,
      source: 'cg',
    }) as const;

  it('passes the quota that was asked for, and none for none', () => {
    expect(checkCpuQuota(0.5, read(50_000)).cpus).toBe(0.5);
    expect(checkCpuQuota(undefined, read(null)).cpus).toBeNull();
  });

  it('throws when the cgroup shows another quota, or none, naming both', () => {
    expect(() => checkCpuQuota(0.5, read(100_000))).toThrow(
      /asked for a quota of 0\.5 CPUs, but cg shows 100000 µs/,
    );
    expect(() => checkCpuQuota(1, read(null))).toThrow(/shows none/);
    expect(() => checkCpuQuota(undefined, read(50_000))).toThrow(/asked for no CPU quota/);
  });

  it('rounds to whole microseconds, at least the kernel minimum of 1000', () => {
    expect(quotaMicroseconds(0.333333)).toBe(33_333);
    expect(quotaMicroseconds(0.001)).toBe(1000);
  });
});

describe('parseCpuStat', () => {
  it('reads cgroup v1 counters, throttled time from ns to µs', () => {
    expect(parseCpuStat('nr_periods 40\nnr_throttled 37\nthrottled_time 2500000000\n', 'x')).toEqual({
      periods: 40,
      throttledPeriods: 37,
      throttledUs: 2_500_000,
    });
  });

  it('reads cgroup v2 counters among the usage lines', () => {
    const v2 = 'usage_usec 9\nuser_usec 5\nsystem_usec 4\nnr_periods 3\nnr_throttled 2\nthrottled_usec 150\n';
    expect(parseCpuStat(v2, 'y')).toEqual({ periods: 3, throttledPeriods: 2, throttledUs: 150 });
  });

  it('refuses a file without the counters, naming where it was read', () => {
    expect(() => parseCpuStat('usage_usec 9\n', '/sys/x/cpu.stat')).toThrow(
      /\/sys\/x\/cpu\.stat: "usage_usec 9"/,
    );
  });
});
