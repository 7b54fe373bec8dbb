/**
 * Server-side work over an interval: the change of every counter {@link readServerCounters} returns,
 * read once before and once after (e.g. around a benchmark iteration).
 */
import { readServerCounters } from '../workload/server-counters.js';
import type { MeteredPool } from '../types.js';

/** Reads counters at the start of an interval, then their change at its end. */
export interface ServerCounterDeltas {
  /** Reads the counters the next {@link ServerCounterDeltas.after} subtracts. */
  before(): Promise<void>;
  /** Reads the counters again: after − before per counter, keyed by the server's own counter name. */
  after(): Promise<Record<string, number>>;
}

/**
 * `after − before` for every counter present in both readings, in name order. A counter missing
 * from either reading has no meaningful change and is left out.
 */
export function subtractCounters(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const name of Object.keys(after).sort()) {
    const start = before[name];
    const end = after[name];
    if (start !== undefined && end !== undefined) deltas[name] = end - start;
  }
  return deltas;
}

/**
 * Counter deltas of the pool's server. On PostgreSQL each read first makes every session of the pool
 * publish its statistics, so call `before`/`after` only while no work holds the pool.
 *
 * @example
 * ```ts
 * const counters = serverCounterDeltas(pool);
 * await counters.before();
 * await runWorkload(pool);
 * const deltas = await counters.after(); // { tup_inserted: 1000, xact_commit: 12, … }
 * ```
 */
export function serverCounterDeltas(pool: MeteredPool): ServerCounterDeltas {
  let start: Record<string, number> = {};
  return {
    async before(): Promise<void> {
      start = await readServerCounters(pool);
    },
    async after(): Promise<Record<string, number>> {
      return subtractCounters(start, await readServerCounters(pool));
    },
  };
}

/**
 * The unit of a server counter as reported: byte counters (PostgreSQL `wal_bytes`, MySQL
 * `Bytes_received`) in `B`, every other counter (commits, rows, blocks, writes) as a `count`.
 */
export function serverCounterUnit(name: string): 'B' | 'count' {
  return /bytes/i.test(name) ? 'B' : 'count';
}
