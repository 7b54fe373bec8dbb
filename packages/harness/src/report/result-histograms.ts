/**
 * A result's distributions: the histograms profilers handed over per iteration (`Profiler.histograms`),
 * kept as their encodings per fork and summarised over the whole run. Like every score, only measured
 * iterations count; warmup histograms never reach the report.
 */
import type { IterationResult } from '../fork/fork-protocol.js';
import { combineHistograms, summarizeHistogram, type HistogramSummary } from '../stats/histogram.js';
import type { DbbenchExtension, HistogramRecord, HistogramSummaryRecord } from './report-schema.js';

/**
 * The `histograms` and `histogramSummaries` of a result's `dbbench` extension, from its forks' measured
 * iterations (one array per fork); empty when no iteration carried a histogram. Each summary is
 * computed from the combined encodings, so it equals what any reader computes from them: the
 * percentiles of all requests, not an average of per-fork percentiles.
 */
export function histogramExtension(
  measured: readonly (readonly IterationResult[])[],
): Pick<DbbenchExtension, 'histograms' | 'histogramSummaries'> {
  const names = new Set(
    measured.flatMap((fork) =>
      fork.flatMap((iteration) => (iteration.histograms ?? []).map(({ name }) => name)),
    ),
  );
  if (names.size === 0) return {};
  const histograms: Record<string, HistogramRecord> = {};
  const histogramSummaries: Record<string, HistogramSummaryRecord> = {};
  for (const name of names) {
    // A fork whose iterations recorded none of this name keeps its place, empty: the forks stay
    // aligned with rawData's.
    const forks = measured.map((fork) =>
      fork.flatMap((iteration) =>
        (iteration.histograms ?? []).filter((sample) => sample.name === name).map((sample) => sample.encoded),
      ),
    );
    histograms[name] = { unit: 'ms', forks };
    histogramSummaries[name] = histogramSummaryRecord(summarizeHistogram(combineHistograms(forks.flat())));
  }
  return { histograms, histogramSummaries };
}

/**
 * A summary as the report writes it: an empty histogram's percentiles (NaN) as "NaN", JMH's spelling,
 * since JSON has no NaN.
 */
export function histogramSummaryRecord(summary: HistogramSummary): HistogramSummaryRecord {
  return {
    count: summary.count,
    percentiles: Object.fromEntries(
      Object.entries(summary.percentiles).map(([key, value]) => [
        key,
        Number.isFinite(value) ? value : 'NaN',
      ]),
    ),
  };
}

/**
 * A percentile metric (`<histogram>.p<percentile>` or `<histogram>.max`) read per fork from the
 * result's HDR histograms: each fork's value is that percentile of all its measured requests (its
 * iterations' histograms combined), as `[[fork 1], [fork 2], …]` — the shape of a metric's
 * `rawData`, one value a fork. Undefined when the result keeps no histogram of that name. The
 * answers read a tail percentile this way rather than as the mean of iteration percentiles, which a
 * few hundred requests an iteration make jumpy.
 */
export function histogramPercentileForks(
  histograms: DbbenchExtension['histograms'],
  metric: string,
): number[][] | undefined {
  const match = /^(.+)\.(?:p(\d+(?:\.\d+)?)|(max))$/.exec(metric);
  if (match === null) return undefined;
  const forks = histograms?.[match[1] as string]?.forks;
  if (forks === undefined || forks.length === 0) return undefined;
  const percentile = match[3] === 'max' ? 100 : Number(match[2]);
  return forks
    .filter((encodings) => encodings.length > 0)
    .map((encodings) => [combineHistograms(encodings).percentile(percentile)]);
}
