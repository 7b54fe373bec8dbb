/**
 * What proves a server's CPU quota is enforced, not just written: while a CPU-bound query runs
 * under a small quota, the kernel throttles the server's cgroup period after period (its CFS
 * counters, `cpu.stat`). Load on a shared machine cannot fake that, where it can squeeze a timing
 * ratio (on a busy host a query at 0.2 CPU once took only 1.2× its time at 0.4): a busy neighbour
 * only lowers what the server gets below its quota, so the quota is kept far below a loaded core's
 * share (0.1 CPU) for the throttling to show however busy the machine is. The times at 0.4 and 0.1
 * CPU are measured too, for the log.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { CpuThrottling, ServerCpuLimit } from '../../src/providers/cpu-limit.js';
import type { ConnectionInfo, EngineName } from '../../src/types.js';

/**
 * A single-threaded, CPU-bound query of about 200 ms at one full core that neither reads nor
 * writes (a set-returning function would spill to a temporary file, and the wait for it is not CPU).
 */
export const CPU_BOUND_SQL: Readonly<Record<EngineName, string>> = {
  postgres: 'DO $$BEGIN FOR i IN 1..20000000 LOOP END LOOP; END$$',
  mysql: "SELECT BENCHMARK(500000, MD5('dbbench')) AS n",
};

/** One connection of either driver, opened and ready. */
interface OpenConnection {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

async function connect(connection: ConnectionInfo): Promise<OpenConnection> {
  if (connection.engine === 'postgres') {
    const client = new pg.Client({ ...connection });
    await client.connect();
    return client;
  }
  const { engine: _engine, ...options } = connection;
  return mysql.createConnection(options);
}

/** One run of the CPU-bound query under a quota: its wall time and the throttling it met. */
export interface QuotaRun {
  readonly cpus: number;
  readonly ms: number;
  /** Enforcement periods elapsed and throttled while the query ran. */
  readonly periods: number;
  readonly throttledPeriods: number;
}

function since(before: CpuThrottling, after: CpuThrottling): { periods: number; throttledPeriods: number } {
  return {
    periods: after.periods - before.periods,
    throttledPeriods: after.throttledPeriods - before.throttledPeriods,
  };
}

/** Runs the query once at `cpus` on a connection opened after the quota was set. */
async function runAt(limit: ServerCpuLimit, connection: ConnectionInfo, cpus: number): Promise<QuotaRun> {
  await limit.apply(cpus);
  const client = await connect(connection);
  try {
    const before = await limit.throttling();
    const started = performance.now();
    await client.query(CPU_BOUND_SQL[connection.engine]);
    const ms = performance.now() - started;
    return { cpus, ms, ...since(before, await limit.throttling()) };
  } finally {
    await client.end();
  }
}

/**
 * The CPU-bound query at 0.4 and at 0.1 CPU, alternating for `rounds` rounds after one untimed run
 * (a fresh server's first query pays for its caches); the quota is lifted afterwards.
 */
export async function quotaRuns(
  limit: ServerCpuLimit,
  connection: ConnectionInfo,
  rounds = 2,
): Promise<{ readonly atFull: QuotaRun[]; readonly atLow: QuotaRun[] }> {
  const atFull: QuotaRun[] = [];
  const atLow: QuotaRun[] = [];
  try {
    const warm = await connect(connection);
    await warm.query(CPU_BOUND_SQL[connection.engine]).finally(() => warm.end());
    for (let round = 0; round < rounds; round += 1) {
      atFull.push(await runAt(limit, connection, 0.4));
      atLow.push(await runAt(limit, connection, 0.1));
    }
  } finally {
    await limit.apply(undefined);
  }
  return { atFull, atLow };
}

/** One line for the test log: each run's time and throttled periods. */
export function describeQuotaRuns(runs: { atFull: QuotaRun[]; atLow: QuotaRun[] }): string {
  const text = (run: QuotaRun): string =>
    `${run.ms.toFixed(0)} ms at ${run.cpus} CPU (throttled ${run.throttledPeriods} of ${run.periods} periods)`;
  return [...runs.atFull, ...runs.atLow].map(text).join('; ');
}
