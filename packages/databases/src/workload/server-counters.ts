/**
 * Server-side work over an interval: the engine's cumulative counters read before and after (e.g.
 * around a benchmark iteration), as deltas named by the server's own counter names.
 */
import type { MeteredPool } from '../types.js';

/**
 * The server's cumulative work counters (statements, rows, blocks, bytes), by the server's own names.
 * Read only while no benchmark work holds the pool: on PostgreSQL every pooled session is first made
 * to publish its statistics.
 */
export function readServerCounters(pool: MeteredPool): Promise<Record<string, number>> {
  return pool.engine.counters.read(pool);
}

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
 * Counter deltas of the pool's server. Call `before`/`after` only while no work holds the pool.
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
