/**
 * A server's CPU limit: the CPU quota a provider can put on the server it started (the local
 * provider through a cgroup of its own, testcontainers through the container's quota), and what was
 * in force, read back from the server's cgroup rather than taken from the request.
 */

/** The CPU quota in force on a server, as read back after setting it. */
export interface CpuQuota {
  /** Quota ÷ period: the CPUs the server may use; null when no quota is in force. */
  readonly cpus: number | null;
  /** CFS quota per period in microseconds; null for none (cgroup v1 `-1`, v2 `max`). */
  readonly quotaUs: number | null;
  /** CFS period in microseconds. */
  readonly periodUs: number;
  /** Where it was read, e.g. `cgroup v1 /sys/fs/cgroup/cpu/dbbench/postgres-…` or `container cgroup v2`. */
  readonly source: string;
}

/** Limits the CPUs of a server a provider started. */
export interface ServerCpuLimit {
  /**
   * Sets the server's CPU quota (`undefined`: no quota) and resolves to the quota read back from its
   * cgroup. A quota the server's cgroup does not show afterwards is an error, never a silent success.
   */
  apply(cpus: number | undefined): Promise<CpuQuota>;
  /**
   * The kernel's CFS bandwidth counters of the cgroup the server is in now (cumulative since the
   * cgroup was made): the evidence that a quota is enforced, not just written, is throttled periods
   * while the server works, which load on the machine cannot fake (a timing ratio can move with it).
   */
  throttling(): Promise<CpuThrottling>;
}

/** CFS bandwidth counters of a cgroup (`cpu.stat`), cumulative. */
export interface CpuThrottling {
  /** Enforcement periods that have elapsed while the cgroup had runnable work (`nr_periods`). */
  readonly periods: number;
  /** Of those, periods in which the cgroup used up its quota and was held back (`nr_throttled`). */
  readonly throttledPeriods: number;
  /** Total time its processes were held back, in microseconds (v1 `throttled_time` is in ns). */
  readonly throttledUs: number;
}

/** Parses a cgroup's `cpu.stat` (v1 or v2) into {@link CpuThrottling}; throws naming `source` if a counter is missing. */
export function parseCpuStat(text: string, source: string): CpuThrottling {
  const counters = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key !== undefined && value !== undefined && /^\d+$/.test(value)) counters.set(key, Number(value));
  }
  const periods = counters.get('nr_periods');
  const throttledPeriods = counters.get('nr_throttled');
  const throttledUsV2 = counters.get('throttled_usec');
  const throttledNsV1 = counters.get('throttled_time');
  const throttledUs = throttledUsV2 ?? (throttledNsV1 === undefined ? undefined : throttledNsV1 / 1000);
  if (periods === undefined || throttledPeriods === undefined || throttledUs === undefined) {
    throw new Error(`cannot read the CFS counters from ${source}: "${text.trim().replace(/\s+/g, ' ')}"`);
  }
  return { periods, throttledPeriods, throttledUs };
}

/**
 * A started server's CPU limit when the run asked for one: the limit, or why this server cannot have
 * one (a url or embedded server; a machine where the local server cannot get a cgroup of its own).
 */
export type ServerCpuLimitState = ServerCpuLimit | { readonly unavailable: string };

/** The CFS period dbbench sets with a quota (the kernel's and Docker's default, 100 ms). */
export const CPU_PERIOD_US = 100_000;

/** The quota in microseconds per {@link CPU_PERIOD_US} for `cpus` CPUs (the kernel's minimum is 1000). */
export function quotaMicroseconds(cpus: number): number {
  return Math.max(1000, Math.round(cpus * CPU_PERIOD_US));
}

/**
 * Parses cgroup v1 `cpu.cfs_quota_us` and `cpu.cfs_period_us` contents, or a v2 `cpu.max` line
 * (`max 100000` or `50000 100000`), into a {@link CpuQuota}.
 */
export function parseCpuQuota(
  files: { readonly v1: { readonly quota: string; readonly period: string } } | { readonly v2: string },
  source: string,
): CpuQuota {
  let quotaText: string;
  let periodText: string;
  if ('v1' in files) {
    quotaText = files.v1.quota.trim();
    periodText = files.v1.period.trim();
  } else {
    [quotaText = '', periodText = ''] = files.v2.trim().split(/\s+/);
  }
  const periodUs = Number(periodText);
  if (!Number.isSafeInteger(periodUs) || periodUs <= 0) {
    throw new Error(`cannot read the CPU period from ${source}: "${periodText}"`);
  }
  if (quotaText === 'max' || quotaText === '-1') return { cpus: null, quotaUs: null, periodUs, source };
  const quotaUs = Number(quotaText);
  if (!Number.isSafeInteger(quotaUs) || quotaUs <= 0) {
    throw new Error(`cannot read the CPU quota from ${source}: "${quotaText}"`);
  }
  return { cpus: quotaUs / periodUs, quotaUs, periodUs, source };
}

/**
 * Checks that the quota read back is the one asked for (`undefined`: none), to a microsecond per
 * period; otherwise throws naming both.
 */
export function checkCpuQuota(asked: number | undefined, found: CpuQuota): CpuQuota {
  const expected = asked === undefined ? null : quotaMicroseconds(asked) / CPU_PERIOD_US;
  const matches =
    expected === null ? found.cpus === null : found.cpus !== null && Math.abs(found.cpus - expected) < 1e-5;
  if (!matches) {
    throw new Error(
      `asked for ${asked === undefined ? 'no CPU quota' : `a quota of ${asked} CPUs`}, but ${found.source} ` +
        `shows ${found.cpus === null ? 'none' : `${found.quotaUs} µs per ${found.periodUs} µs (${found.cpus} CPUs)`}`,
    );
  }
  return found;
}
