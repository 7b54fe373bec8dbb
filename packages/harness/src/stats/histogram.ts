/**
 * Latency histograms that merge exactly: an HDR histogram (hdr-histogram-js, 3 significant digits)
 * per measured iteration, stored in the report as its compressed base64 encoding, so forks, shards
 * and the docs combine the recorded distributions themselves instead of averaging percentiles
 * (the mean of two forks' p99 is not the p99 of their requests).
 *
 * Values are recorded in whole microseconds: a database request here takes 50 µs to seconds, and
 * 3 significant digits keep every value within 0.1% of what was recorded.
 */
import { createRequire } from 'node:module';
import type * as HdrModule from 'hdr-histogram-js';

/**
 * hdr-histogram-js, loaded on first use: every fork imports the harness, and loading it costs about
 * 50–70 ms of a fork's start that only open-loop benchmarks and the docs need.
 */
let loaded: typeof HdrModule | undefined;
function hdrLibrary(): typeof HdrModule {
  loaded ??= createRequire(import.meta.url)('hdr-histogram-js') as typeof HdrModule;
  return loaded;
}

/** Microseconds per millisecond: what a recorded value is divided by to read in ms. */
const MICROS_PER_MS = 1000;

/** The largest latency a histogram tracks: one hour, far above any request a benchmark lets run. */
const HIGHEST_TRACKABLE_US = 3_600_000_000;

/** The percentiles a histogram is summarised by in reports and docs (100 = the maximum). */
export const HISTOGRAM_PERCENTILES = [50, 90, 99, 99.9, 99.99, 100] as const;

/** One iteration's recorded distribution, as a profiler hands it to the harness. */
export interface HistogramSample {
  /** Name in the report's `dbbench.histograms`, e.g. `latency` (from the intended start). */
  readonly name: string;
  /** The unit percentiles read in (always `ms`: values are recorded in µs and read back in ms). */
  readonly unit: 'ms';
  /** The histogram's compressed base64 encoding (HdrHistogram's V2 format, as Java and Go read it). */
  readonly encoded: string;
}

/** A histogram being recorded into, in milliseconds. */
export class LatencyHistogram {
  readonly #histogram: HdrModule.Histogram;

  constructor(histogram?: HdrModule.Histogram) {
    this.#histogram =
      histogram ??
      hdrLibrary().build({
        lowestDiscernibleValue: 1,
        highestTrackableValue: HIGHEST_TRACKABLE_US,
        numberOfSignificantValueDigits: 3,
      });
  }

  /** Records one latency in milliseconds (below 1 µs counts as 1 µs; above an hour as an hour). */
  record(milliseconds: number): void {
    const micros = Math.round(milliseconds * MICROS_PER_MS);
    this.#histogram.recordValue(Math.min(HIGHEST_TRACKABLE_US, Math.max(1, micros)));
  }

  /** Values recorded. */
  get count(): number {
    return this.#histogram.totalCount;
  }

  /**
   * The value at `percentile` (0–100; 100 is the largest recorded), ms; NaN when empty. Read from the
   * bucket counts alone, as the top of the value's bucket (within 0.1% of what was recorded): the
   * recorded maximum (`maxValue`) is exact only in the histogram that recorded it and reads as its
   * bucket's top once encoded or added, so the maximum of a fork and of its decoded encoding agreed
   * only by chance.
   */
  percentile(percentile: number): number {
    if (this.count === 0) return Number.NaN;
    return this.#histogram.getValueAtPercentile(Math.min(percentile, 100)) / MICROS_PER_MS;
  }

  /** Adds another histogram's values (exactly: bucket counts add). */
  add(other: LatencyHistogram): void {
    this.#histogram.add(other.#histogram);
  }

  reset(): void {
    this.#histogram.reset();
  }

  /** The compressed base64 encoding the report stores. */
  encode(): string {
    return hdrLibrary().encodeIntoCompressedBase64(this.#histogram);
  }

  /** Reads an encoding back; throws a TypeError naming the problem when it is not one. */
  static decode(encoded: string): LatencyHistogram {
    let decoded: HdrModule.Histogram;
    try {
      decoded = hdrLibrary().decodeFromCompressedBase64(encoded);
    } catch (error) {
      throw new TypeError(
        `not an encoded HDR histogram (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const histogram = new LatencyHistogram();
    histogram.#histogram.add(decoded);
    return histogram;
  }
}

/** The sum of encoded histograms (forks, iterations, shards): one distribution, exactly. */
export function combineHistograms(encoded: readonly string[]): LatencyHistogram {
  const combined = new LatencyHistogram();
  for (const one of encoded) combined.add(LatencyHistogram.decode(one));
  return combined;
}

/** A distribution's summary: count and the {@link HISTOGRAM_PERCENTILES}, ms. */
export interface HistogramSummary {
  readonly count: number;
  /** Keyed by percentile as written, e.g. `"99.9"`; `"100"` is the maximum. */
  readonly percentiles: Readonly<Record<string, number>>;
}

/** Summarises a histogram by its count and the standard percentiles. */
export function summarizeHistogram(histogram: LatencyHistogram): HistogramSummary {
  return {
    count: histogram.count,
    percentiles: Object.fromEntries(
      HISTOGRAM_PERCENTILES.map((percentile) => [String(percentile), histogram.percentile(percentile)]),
    ),
  };
}
