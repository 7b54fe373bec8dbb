import type { WaitSummaryMs } from '../types.js';

/** Initial capacity of the sample buffer; it doubles when full, so growth costs O(1) amortised. */
const INITIAL_CAPACITY = 1024;

/**
 * Every acquire wait a pool saw, kept raw so the percentiles are exact rather than bucketed.
 *
 * A benchmark acquires at most a few million times per fork; at 8 bytes a sample that is a few
 * megabytes, cheaper than the error a bucketed histogram would add to p99.
 */
export class WaitHistogram {
  #samples = new Float64Array(INITIAL_CAPACITY);
  #count = 0;

  /** Records one wait in milliseconds. */
  record(waitMs: number): void {
    if (this.#count === this.#samples.length) {
      const grown = new Float64Array(this.#samples.length * 2);
      grown.set(this.#samples);
      this.#samples = grown;
    }
    this.#samples[this.#count++] = waitMs;
  }

  /** Number of waits recorded. */
  get count(): number {
    return this.#count;
  }

  /** Forgets every sample (keeps the buffer). */
  clear(): void {
    this.#count = 0;
  }

  /**
   * Mean, nearest-rank percentiles and maximum of every recorded wait; all zero when none was recorded.
   */
  summary(): WaitSummaryMs {
    const count = this.#count;
    if (count === 0) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
    const sorted = this.#samples.slice(0, count).sort();
    let sum = 0;
    for (const sample of sorted) sum += sample;
    return {
      count,
      mean: sum / count,
      p50: nearestRank(sorted, 0.5),
      p95: nearestRank(sorted, 0.95),
      p99: nearestRank(sorted, 0.99),
      max: sorted[count - 1] ?? 0,
    };
  }
}

/** The nearest-rank percentile of an ascending array: the smallest sample with at least `q` of samples at or below it. */
function nearestRank(sorted: Float64Array, q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] ?? 0;
}
