import { performance } from 'node:perf_hooks';
import type { AcquireTally, PoolMetrics, WorkCounters } from '../types.js';
import type { WorkCounter } from './work-counter.js';
import { AcquireTimeoutError } from './pool-errors.js';
import { WaitHistogram } from './wait-histogram.js';

/** A driver's own callback-style acquisition: hands a connection (or an error) to `done`, once. */
export type DriverTake<C> = (done: (error: unknown, connection?: C) => void) => void;

/**
 * The measuring half of a metered pool, shared by both engines: it times every acquisition, bounds
 * the wait, and counts what neither pg nor mysql2 reports (neither exposes acquire wait at all).
 *
 * "Waiting" is computed from dbbench's own bookkeeping, not from the drivers' queues: a caller
 * waits when every one of the `size` connections is checked out. The drivers' queues would count
 * callers that are about to be served from an idle connection on the next tick as waiting.
 */
export class PoolMeter {
  readonly #size: number;
  readonly #acquireTimeoutMs: number;
  readonly #waits = new WaitHistogram();
  /** Connections handed to a caller and not yet given back; a set, so a late arrival is never counted. */
  readonly #checkedOut = new Set<object>();
  #pending = 0;
  /** Running totals since creation, never reset (readers take differences); see {@link PoolMeter.tally}. */
  #tallyAcquisitions = 0;
  #tallyWaitMs = 0;
  /** `#tallyAcquisitions` at the last reset: the window's acquisitions are the difference. */
  #acquisitionsAtReset = 0;
  #timeouts = 0;
  #maxWaiting = 0;
  #connectionsOpened = 0;

  /**
   * @param size connections in the pool
   * @param acquireTimeoutMs give up after this long; 0 waits forever
   */
  constructor(size: number, acquireTimeoutMs: number) {
    this.#size = size;
    this.#acquireTimeoutMs = acquireTimeoutMs;
  }

  /**
   * Acquires through `take`, timing the wait. On timeout rejects with {@link AcquireTimeoutError};
   * a connection the driver delivers after that is handed to `giveBack` at once, so it is not leaked.
   */
  acquire<C extends object>(take: DriverTake<C>, giveBack: (connection: C) => void): Promise<C> {
    const startedAt = performance.now();
    this.#pending += 1;
    this.#maxWaiting = Math.max(this.#maxWaiting, this.#waitingNow());
    return new Promise<C>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      if (this.#acquireTimeoutMs > 0) {
        timer = setTimeout(() => {
          settled = true;
          this.#pending -= 1;
          this.#timeouts += 1;
          reject(new AcquireTimeoutError(performance.now() - startedAt, this.#size));
        }, this.#acquireTimeoutMs);
      }
      take((error, connection) => {
        if (settled) {
          // The caller gave up already: return the connection to the pool instead of leaking it.
          // On a later microtask, not here: pg.Pool serves its queue synchronously inside release(),
          // so giving back from this callback recurses once per abandoned request in the queue. A
          // burst of timeouts (1000 callers, a 10 ms timeout, one stalled tick) queues thousands,
          // the recursion overflows the stack midway, and the connection it was passing along is
          // left neither idle nor checked out, so closing the pool waits for it forever.
          if (connection !== undefined && error == null) queueMicrotask(() => giveBack(connection));
          return;
        }
        settled = true;
        clearTimeout(timer);
        this.#pending -= 1;
        if (error != null || connection === undefined) {
          reject(error instanceof Error ? error : new Error(`Connection pool failed: ${String(error)}`));
          return;
        }
        const waitedMs = performance.now() - startedAt;
        this.#waits.record(waitedMs);
        this.#tallyAcquisitions += 1;
        this.#tallyWaitMs += waitedMs;
        this.#checkedOut.add(connection);
        resolve(connection);
      });
    });
  }

  /** Marks a connection as given back (released or destroyed); unknown connections are ignored. */
  released(connection: object): void {
    this.#checkedOut.delete(connection);
  }

  /** Counts one physical connection opened by the driver. */
  connectionOpened(): void {
    this.#connectionsOpened += 1;
  }

  /** Connections currently checked out by callers. */
  get checkedOut(): number {
    return this.#checkedOut.size;
  }

  /** Everything measured since creation or the last {@link PoolMeter.reset}. */
  metrics(): PoolMetrics {
    return {
      acquisitions: this.#tallyAcquisitions - this.#acquisitionsAtReset,
      acquireWaitMs: this.#waits.summary(),
      acquireTimeouts: this.#timeouts,
      maxWaiting: this.#maxWaiting,
      connectionsOpened: this.#connectionsOpened,
    };
  }

  /** Acquisitions and their summed wait since the pool was created; O(1), unaffected by {@link PoolMeter.reset}. */
  tally(): AcquireTally {
    return { acquisitions: this.#tallyAcquisitions, waitTotalMs: this.#tallyWaitMs };
  }

  /**
   * Starts a new measurement window: every count, `connectionsOpened` included, restarts at zero, so
   * a pre-warmed pool reports 0 new connections for a window in which it reconnected nothing.
   */
  reset(): void {
    this.#waits.clear();
    this.#acquisitionsAtReset = this.#tallyAcquisitions;
    this.#timeouts = 0;
    this.#connectionsOpened = 0;
    this.#maxWaiting = this.#waitingNow();
  }

  #waitingNow(): number {
    return Math.max(0, this.#checkedOut.size + this.#pending - this.#size);
  }
}

/** What every metered pool reports from its meter and work counter, whatever its driver. */
export interface MeterReadings {
  metrics(): PoolMetrics;
  acquireTally(): AcquireTally;
  work(): WorkCounters;
  resetMetrics(): void;
}

/** The {@link MeterReadings} members of a metered pool, read from its meter and work counter. */
export function meterReadings(meter: PoolMeter, work: WorkCounter): MeterReadings {
  return {
    metrics: () => meter.metrics(),
    acquireTally: () => meter.tally(),
    work: () => work.snapshot(),
    resetMetrics: () => meter.reset(),
  };
}
