/** Bytes in a mebibyte: memory metrics are reported in MiB. */
const BYTES_PER_MIB = 1024 * 1024;

/** Peak memory of one watched invocation, in MiB. */
export interface MemoryPeaks {
  /** Highest resident set size seen. */
  readonly peakRssMiB: number;
  /** Highest V8 heap in use seen. */
  readonly peakHeapMiB: number;
  /** Peak RSS minus the RSS at start. */
  readonly rssGrowthMiB: number;
  /** Peak heap in use minus the heap in use at start. */
  readonly heapGrowthMiB: number;
}

/** Default sampling interval: short enough to catch a buffer that lives for a few chunks. */
export const MEMORY_SAMPLE_INTERVAL_MS = 5;

/**
 * Samples `process.memoryUsage()` on a timer while an invocation runs, keeping the peaks. Started in
 * setupInvocation and stopped right after the run; the timer is unref'd so it never keeps a fork
 * alive. A sample costs tens of microseconds, so at 5 ms it adds well under 1% to the timed region.
 */
export class MemorySampler {
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #baselineRss = 0;
  #baselineHeap = 0;
  #peakRss = 0;
  #peakHeap = 0;

  constructor(intervalMs = MEMORY_SAMPLE_INTERVAL_MS) {
    this.#intervalMs = intervalMs;
  }

  /** Whether the sampler is running. */
  get running(): boolean {
    return this.#timer !== undefined;
  }

  /**
   * Takes the baseline and starts sampling. It does not collect garbage itself: the harness forces a
   * GC before every iteration (one invocation per iteration in single-shot mode), outside the gc
   * profiler's window; a second GC here would be counted in `gc.count` and `gc.time`.
   */
  start(): void {
    this.stop();
    const usage = process.memoryUsage();
    this.#baselineRss = usage.rss;
    this.#baselineHeap = usage.heapUsed;
    this.#peakRss = usage.rss;
    this.#peakHeap = usage.heapUsed;
    this.#timer = setInterval(() => this.sample(), this.#intervalMs);
    this.#timer.unref();
  }

  /** Takes one sample now (also called by the timer). */
  sample(): void {
    const usage = process.memoryUsage();
    if (usage.rss > this.#peakRss) this.#peakRss = usage.rss;
    if (usage.heapUsed > this.#peakHeap) this.#peakHeap = usage.heapUsed;
  }

  /** Stops sampling after a last sample and returns the peaks; `undefined` if it was not running. */
  stop(): MemoryPeaks | undefined {
    if (this.#timer === undefined) return undefined;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.sample();
    return {
      peakRssMiB: this.#peakRss / BYTES_PER_MIB,
      peakHeapMiB: this.#peakHeap / BYTES_PER_MIB,
      rssGrowthMiB: (this.#peakRss - this.#baselineRss) / BYTES_PER_MIB,
      heapGrowthMiB: (this.#peakHeap - this.#baselineHeap) / BYTES_PER_MIB,
    };
  }
}
