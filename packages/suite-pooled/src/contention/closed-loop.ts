/**
 * A closed-loop load generator: `concurrency` tasks, each issuing its next request as soon as the
 * previous one finished (successfully or by an acquire timeout). Unlike an open loop it can never
 * queue more requests than it has tasks, which is how an application's worker pool loads a database.
 */
import { performance } from 'node:perf_hooks';

/** How a {@link ClosedLoop} runs. */
export interface ClosedLoopOptions {
  /** Tasks running at once. */
  readonly concurrency: number;
  /** One request: acquire a connection, run a short query, release it. */
  readonly request: () => Promise<unknown>;
  /** Whether a rejection is an expected, counted failure (an acquire timeout) rather than a fault. */
  readonly isTimeout: (error: unknown) => boolean;
  /** Fail a wait when no request succeeded for this long, so a stuck pool cannot hang a run. */
  readonly stallTimeoutMs?: number;
}

/** What the loop observed since it started or since {@link ClosedLoop.resetStats}. */
export interface ClosedLoopStats {
  readonly successes: number;
  readonly timeouts: number;
  /** Latency of every successful request (acquire + query + release), in milliseconds. */
  readonly successLatenciesMs: readonly number[];
}

interface SuccessWaiter {
  remaining: number;
  resolve(): void;
  reject(error: Error): void;
  stallTimer: NodeJS.Timeout;
}

const DEFAULT_STALL_TIMEOUT_MS = 30_000;

/**
 * Runs `concurrency` request loops until {@link stop}. Callers measure throughput by timing
 * {@link waitForSuccesses}: the loop keeps running between waits, so every wait sees steady state
 * rather than a ramp-up of `concurrency` tasks starting at once.
 */
export class ClosedLoop {
  readonly #options: ClosedLoopOptions;
  #running = false;
  #tasks: Promise<void>[] = [];
  #successes = 0;
  #timeouts = 0;
  #latenciesMs: number[] = [];
  #fault: Error | undefined;
  #waiter: SuccessWaiter | undefined;

  constructor(options: ClosedLoopOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${options.concurrency}`);
    }
    this.#options = options;
  }

  /** Starts the tasks. Safe to call once per {@link stop}. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#fault = undefined;
    this.#tasks = Array.from({ length: this.#options.concurrency }, () => this.#task());
  }

  /** Stops issuing requests and waits for those in flight to finish. */
  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#tasks);
    this.#tasks = [];
    this.#rejectWaiter(new Error('the closed loop was stopped while waiting for successful requests'));
  }

  /** Clears the counters and latencies (e.g. at the start of an iteration). */
  resetStats(): void {
    this.#successes = 0;
    this.#timeouts = 0;
    this.#latenciesMs = [];
  }

  /** A snapshot of the counters and latencies. */
  stats(): ClosedLoopStats {
    return { successes: this.#successes, timeouts: this.#timeouts, successLatenciesMs: this.#latenciesMs };
  }

  /**
   * Resolves once `count` more requests have succeeded. Rejects when a request fails with anything
   * but an acquire timeout, or when none succeeds within the stall timeout.
   */
  waitForSuccesses(count: number): Promise<void> {
    if (!this.#running) return Promise.reject(new Error('start the closed loop before waiting on it'));
    if (this.#fault !== undefined) return Promise.reject(this.#fault);
    if (this.#waiter !== undefined) return Promise.reject(new Error('only one wait at a time'));
    const stallTimeoutMs = this.#options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
    return new Promise<void>((resolve, reject) => {
      const stallTimer = setTimeout(() => {
        this.#rejectWaiter(
          new Error(`no request succeeded for ${stallTimeoutMs} ms: the pool or the server is stuck`),
        );
      }, stallTimeoutMs);
      this.#waiter = { remaining: count, resolve, reject, stallTimer };
      if (count <= 0) this.#settleWaiter();
    });
  }

  async #task(): Promise<void> {
    while (this.#running) {
      const startedAt = performance.now();
      try {
        await this.#options.request();
        this.#latenciesMs.push(performance.now() - startedAt);
        this.#successes += 1;
        this.#onSuccess();
      } catch (error) {
        if (this.#options.isTimeout(error)) {
          this.#timeouts += 1;
          continue;
        }
        // A real fault (lost connection, bad SQL) must fail the run, not be counted as load shed.
        this.#fault = error instanceof Error ? error : new Error(String(error));
        this.#running = false;
        this.#rejectWaiter(this.#fault);
      }
    }
  }

  #onSuccess(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    waiter.remaining -= 1;
    // Each success proves progress: restart the stall clock.
    waiter.stallTimer.refresh();
    if (waiter.remaining <= 0) this.#settleWaiter();
  }

  #settleWaiter(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    clearTimeout(waiter.stallTimer);
    this.#waiter = undefined;
    waiter.resolve();
  }

  #rejectWaiter(error: Error): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    clearTimeout(waiter.stallTimer);
    this.#waiter = undefined;
    waiter.reject(error);
  }
}
