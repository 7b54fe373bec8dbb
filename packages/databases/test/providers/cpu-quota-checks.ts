/**
 * What proves a server's CPU quota is enforced, not just written: the same CPU-bound query, on one
 * connection opened after the quota was set, takes about twice as long at half the quota. Both
 * quotas are small (0.4 and 0.2 CPU) so that the quota, not a loaded machine's share of a core, is
 * what holds the query back on both sides; they alternate and each side keeps its median, so load
 * slows both sides alike rather than one.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ServerCpuLimit } from '../../src/providers/cpu-limit.js';
import type { ConnectionInfo, EngineName } from '../../src/types.js';

/** A single-threaded, CPU-bound query of 150–300 ms at one full core. */
export const CPU_BOUND_SQL: Readonly<Record<EngineName, string>> = {
  postgres: 'SELECT count(*) AS n FROM generate_series(1, 2000000)',
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

/** Runs `sql` on one connection (opened before the clock starts); resolves to its wall time in ms. */
async function timeQuery(connection: ConnectionInfo, sql: string): Promise<number> {
  const client = await connect(connection);
  try {
    const started = performance.now();
    await client.query(sql);
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The median time of the CPU-bound query at a quota of `half` CPUs divided by that at `full` (by
 * default 0.2 and 0.4),
 * measured in `rounds` alternating rounds; the quota is lifted afterwards.
 */
export async function quotaSlowdown(
  limit: ServerCpuLimit,
  connection: ConnectionInfo,
  { full = 0.4, half = 0.2, rounds = 3 } = {},
): Promise<{ readonly ratio: number; readonly fullMs: number; readonly halfMs: number }> {
  const sql = CPU_BOUND_SQL[connection.engine];
  const times: { full: number[]; half: number[] } = { full: [], half: [] };
  try {
    // One untimed run: the first query of a fresh server pays for catalog and plan caches.
    await timeQuery(connection, sql);
    for (let round = 0; round < rounds; round += 1) {
      await limit.apply(full);
      times.full.push(await timeQuery(connection, sql));
      await limit.apply(half);
      times.half.push(await timeQuery(connection, sql));
    }
  } finally {
    await limit.apply(undefined);
  }
  const fullMs = median(times.full);
  const halfMs = median(times.half);
  return { ratio: halfMs / fullMs, fullMs, halfMs };
}
