/**
 * An open-loop load generator: requests arrive on a Poisson schedule at a fixed rate whether or not
 * the earlier ones have returned, as a service's users do. Each request's latency is measured from
 * its **intended** start (its scheduled arrival), not from when it was sent, so a stall is counted
 * for every request that arrived during it — no coordinated omission (pgbench `-R`, wrk2, YCSB's
 * intended-time measurement). Service time (from the send) and schedule lag (intended → sent) are
 * kept apart, so the difference is visible.
 *
 * As many requests are in flight as the schedule needs, up to `maxInFlight`; arrivals beyond it
 * wait in a backlog and their wait counts in their latency. With a latency limit (pgbench `-L`), a
 * request already later than the limit when it would be sent is **skipped** (never sent), and one
 * that completes later than the limit is **late**. Rejections that `isFailure` accepts (acquire
 * timeouts) are **failed**; any other rejection is a fault that fails the run.
 */
import { performance } from 'node:perf_hooks';
import { LatencyHistogram } from '@dbbench/harness';

/** How an {@link OpenLoop} runs. */
export interface OpenLoopOptions {
  /** Mean arrivals per second (the Poisson schedule's rate). */
  readonly ratePerSecond: number;
  /** Requests in flight at most; later arrivals wait for one to finish. */
  readonly maxInFlight: number;
  /** One request; rejects on an acquire timeout (a failure) or a fault (a wrong answer, a lost connection). */
  readonly request: () => Promise<void>;
  /** Whether a rejection is a counted failure (an acquire timeout) rather than a fault. */
  readonly isFailure: (error: unknown) => boolean;
  /** pgbench's `--latency-limit`, ms: later requests are late, and ones already behind it skipped. */
  readonly latencyLimitMs?: number;
  /** Uniform [0, 1) numbers for the inter-arrival times (seeded in tests). */
  readonly random?: () => number;
  /** Fail a wait when no request resolved for this long, so a stuck pool cannot hang a run. */
  readonly stallTimeoutMs?: number;
  /** Each successful request's intended start, send and end (performance.now ms), for a test to inspect. */
  readonly onSuccess?: (timing: RequestTiming) => void;
}

/** When one request was meant to start, was sent and ended (performance.now ms). */
export interface RequestTiming {
  readonly intended: number;
  readonly sent: number;
  readonly end: number;
}

/** What the loop saw since it started or since {@link OpenLoop.resetStats}. */
export interface OpenLoopStats {
  /** Arrivals the schedule produced. */
  readonly scheduled: number;
  readonly succeeded: number;
  /** Requests rejected by an acquire timeout. */
  readonly failed: number;
  /** Arrivals never sent: already later than the latency limit when their turn came. */
  readonly skipped: number;
  /** Successful requests that completed later than the latency limit after their intended start. */
  readonly late: number;
  /** Arrivals that found `maxInFlight` requests in flight and waited in the backlog. */
  readonly waitedForCap: number;
  /** Successful requests' latency from the intended start, ms. */
  readonly latency: LatencyHistogram;
  /** Successful requests' service time, from the send, ms. */
  readonly service: LatencyHistogram;
  /** Every sent request's schedule lag (intended start → send), ms. */
  readonly lag: LatencyHistogram;
  /** The loop's running time in this window (start or reset → stop), ms. */
  readonly windowMs: number;
}

interface ResolvedWaiter {
  remaining: number;
  resolve(): void;
  reject(error: Error): void;
  stallTimer: NodeJS.Timeout;
}

const DEFAULT_STALL_TIMEOUT_MS = 30_000;

/** The longest the scheduler sleeps, so arrivals far apart still get an on-time look. */
const MAX_SLEEP_MS = 50;

/**
 * Sends requests on a Poisson schedule until {@link stop}. Callers time {@link waitForResolved}: the
 * loop keeps its schedule between waits, so each wait sees steady state.
 */
export class OpenLoop {
  readonly #options: OpenLoopOptions;
  readonly #random: () => number;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  /** Intended start (performance.now ms) of the next arrival. */
  #nextArrival = 0;
  /** Arrivals not yet sent, oldest first (a queue: #backlog[#backlogHead] is the oldest). */
  #backlog: number[] = [];
  #backlogHead = 0;
  #inFlight = 0;
  #idle: (() => void)[] = [];
  #fault: Error | undefined;
  #waiter: ResolvedWaiter | undefined;
  #windowStart = 0;
  #windowEnd: number | undefined;
  #scheduled = 0;
  #succeeded = 0;
  #failed = 0;
  #skipped = 0;
  #late = 0;
  #waitedForCap = 0;
  readonly #latency = new LatencyHistogram();
  readonly #service = new LatencyHistogram();
  readonly #lag = new LatencyHistogram();

  constructor(options: OpenLoopOptions) {
    if (!(Number.isFinite(options.ratePerSecond) && options.ratePerSecond > 0)) {
      throw new RangeError(
        `the arrival rate must be above zero requests per second, got ${options.ratePerSecond}`,
      );
    }
    if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) {
      throw new RangeError(`maxInFlight must be a positive integer, got ${options.maxInFlight}`);
    }
    if (options.latencyLimitMs !== undefined && !(options.latencyLimitMs > 0)) {
      throw new RangeError(`the latency limit must be above zero ms, got ${options.latencyLimitMs}`);
    }
    this.#options = options;
    this.#random = options.random ?? Math.random;
  }

  /** Starts the schedule: the first arrival one inter-arrival time from now. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#fault = undefined;
    const now = performance.now();
    this.#windowStart = now;
    this.#windowEnd = undefined;
    this.#nextArrival = now + this.#interArrivalMs();
    this.#tick();
  }

  /**
   * Stops the schedule and drains: every arrival already scheduled is sent (or skipped) and awaited,
   * so the window's counts are whole and the next window (after a warmup) starts with no backlog.
   */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#dispatch();
    while (this.#inFlight > 0 || this.#backlogLength() > 0) {
      await new Promise<void>((resolve) => this.#idle.push(resolve));
    }
    this.#windowEnd = performance.now();
    this.#rejectWaiter(new Error('the open loop was stopped while waiting for requests to resolve'));
  }

  /** The first request error that was not a counted failure (a wrong answer, a lost connection). */
  get fault(): Error | undefined {
    return this.#fault;
  }

  /** Clears the counters and histograms (e.g. at the start of an iteration). */
  resetStats(): void {
    this.#scheduled = 0;
    this.#succeeded = 0;
    this.#failed = 0;
    this.#skipped = 0;
    this.#late = 0;
    this.#waitedForCap = 0;
    this.#latency.reset();
    this.#service.reset();
    this.#lag.reset();
    this.#windowStart = performance.now();
    this.#windowEnd = undefined;
  }

  /** The counts and histograms of this window (the histograms are live: read before the next reset). */
  stats(): OpenLoopStats {
    return {
      scheduled: this.#scheduled,
      succeeded: this.#succeeded,
      failed: this.#failed,
      skipped: this.#skipped,
      late: this.#late,
      waitedForCap: this.#waitedForCap,
      latency: this.#latency,
      service: this.#service,
      lag: this.#lag,
      windowMs: (this.#windowEnd ?? performance.now()) - this.#windowStart,
    };
  }

  /**
   * Resolves once `count` more arrivals have resolved (succeeded, failed or been skipped); rejects
   * on a fault, or when nothing resolved for the stall timeout.
   */
  waitForResolved(count: number): Promise<void> {
    if (this.#fault !== undefined) return Promise.reject(this.#fault);
    if (!this.#running) return Promise.reject(new Error('the open loop is not running; call start() first'));
    if (this.#waiter !== undefined) return Promise.reject(new Error('waitForResolved is already pending'));
    if (count <= 0) return Promise.resolve();
    const stallMs = this.#options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
    return new Promise<void>((resolve, reject) => {
      this.#waiter = {
        remaining: count,
        resolve,
        reject,
        stallTimer: setTimeout(() => {
          const waiting = this.#waiter?.remaining ?? 0;
          this.#rejectWaiter(
            new Error(
              `only ${count - waiting} of ${count} requests resolved in ${stallMs} ms (in flight: ${this.#inFlight}); the pool or the server is stuck`,
            ),
          );
        }, stallMs),
      };
    });
  }

  #interArrivalMs(): number {
    // Exponential inter-arrival times make the arrivals a Poisson process (as pgbench -R schedules).
    return (-Math.log(1 - this.#random()) * 1000) / this.#options.ratePerSecond;
  }

  #backlogLength(): number {
    return this.#backlog.length - this.#backlogHead;
  }

  /** Moves every arrival due by now into the backlog, sends what the cap allows, sleeps until the next. */
  #tick(): void {
    this.#timer = undefined;
    if (!this.#running) return;
    const now = performance.now();
    while (this.#nextArrival <= now) {
      if (this.#inFlight + this.#backlogLength() >= this.#options.maxInFlight) this.#waitedForCap += 1;
      this.#backlog.push(this.#nextArrival);
      this.#scheduled += 1;
      this.#nextArrival += this.#interArrivalMs();
    }
    this.#dispatch();
    const sleepMs = Math.min(MAX_SLEEP_MS, Math.max(0, this.#nextArrival - performance.now()));
    this.#timer = setTimeout(() => this.#tick(), sleepMs);
  }

  /** Sends backlog arrivals, oldest first, while fewer than `maxInFlight` are in flight. */
  #dispatch(): void {
    const limit = this.#options.latencyLimitMs;
    while (this.#backlogLength() > 0 && this.#inFlight < this.#options.maxInFlight) {
      const intended = this.#backlog[this.#backlogHead] as number;
      this.#backlogHead += 1;
      const now = performance.now();
      if (limit !== undefined && now - intended > limit) {
        this.#skipped += 1;
        this.#resolved();
        continue;
      }
      this.#send(intended, now);
    }
    if (this.#backlogHead > 4096 && this.#backlogHead * 2 > this.#backlog.length) {
      this.#backlog = this.#backlog.slice(this.#backlogHead);
      this.#backlogHead = 0;
    }
  }

  #send(intended: number, sentAt: number): void {
    this.#inFlight += 1;
    this.#lag.record(sentAt - intended);
    this.#options.request().then(
      () => {
        const end = performance.now();
        const latency = end - intended;
        this.#latency.record(latency);
        this.#service.record(end - sentAt);
        const limit = this.#options.latencyLimitMs;
        if (limit !== undefined && latency > limit) this.#late += 1;
        this.#succeeded += 1;
        this.#options.onSuccess?.({ intended, sent: sentAt, end });
        this.#settle();
      },
      (error: unknown) => {
        if (this.#options.isFailure(error)) {
          this.#failed += 1;
        } else {
          this.#fault ??= error instanceof Error ? error : new Error(String(error));
          this.#rejectWaiter(this.#fault);
        }
        this.#settle();
      },
    );
  }

  #settle(): void {
    this.#inFlight -= 1;
    this.#resolved();
    this.#dispatch();
    if (this.#inFlight === 0 && this.#backlogLength() === 0) {
      for (const wake of this.#idle.splice(0)) wake();
    }
  }

  #resolved(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    waiter.remaining -= 1;
    if (waiter.remaining <= 0) {
      clearTimeout(waiter.stallTimer);
      this.#waiter = undefined;
      waiter.resolve();
    }
  }

  #rejectWaiter(error: Error): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    clearTimeout(waiter.stallTimer);
    this.#waiter = undefined;
    waiter.reject(error);
  }
}
