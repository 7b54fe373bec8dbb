import {
  combineHistograms,
  histogramSummaryRecord,
  LatencyHistogram,
  summarizeHistogram,
} from '@dbbench/harness';
import type { DbbenchResult, HistogramSummaryRecord } from '@dbbench/harness/report';
import { DocsError } from './docs-error.js';
import { compareStrings } from './format.js';
import { formatJsonPath } from './json-path.js';
import { combinationKey } from './report-checks.js';

/** A result's distributions by name, as its encodings combine (every fork and measured iteration). */
export type Distributions = ReadonlyMap<string, HistogramSummaryRecord>;

type Extension = DbbenchResult['dbbench'];

/** Computed once per result: the check at parse time and the table both need them. */
const computed = new WeakMap<Extension, Distributions>();

/**
 * The distributions a result's `dbbench.histograms` hold, summarised from the encodings themselves
 * (never from the stored `histogramSummaries`), names in code-point order; empty without histograms.
 * Throws the decoder's TypeError on an encoding that is not one ({@link checkHistograms} turns it
 * into a message naming the file and result).
 */
export function histogramDistributions(extension: Extension): Distributions {
  let distributions = computed.get(extension);
  if (distributions === undefined) {
    const histograms = Object.entries(extension.histograms ?? {}).sort(([a], [b]) => compareStrings(a, b));
    distributions = new Map(
      histograms.map(([name, { forks }]) => [
        name,
        histogramSummaryRecord(summarizeHistogram(combineHistograms(forks.flat()))),
      ]),
    );
    computed.set(extension, distributions);
  }
  return distributions;
}

const ADVICE = 're-run the benchmark that wrote it; nothing was written.';

/** A problem with one result's histograms, in one line: the file, the result and what is wrong. */
function histogramError(file: string, result: DbbenchResult, index: number, problem: string): DocsError {
  return new DocsError(
    `${file}: result ${formatJsonPath([index])} (${combinationKey(result)}) ${problem}; ${ADVICE}`,
  );
}

/** The first encoding that does not decode, with its path and the decoder's reason. */
function malformedEncoding(extension: Extension, index: number): string | undefined {
  for (const [name, { forks }] of Object.entries(extension.histograms ?? {})) {
    for (const [fork, encodings] of forks.entries()) {
      for (const [iteration, encoded] of encodings.entries()) {
        try {
          LatencyHistogram.decode(encoded);
        } catch (error) {
          const path = formatJsonPath([index, 'dbbench', 'histograms', name, 'forks', fork, iteration]);
          return `has a malformed histogram at ${path}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
  }
  return undefined;
}

/** Where a stored summary first differs from what the encodings combine to, or undefined. */
function disagreement(
  stored: HistogramSummaryRecord,
  recomputed: HistogramSummaryRecord,
): string | undefined {
  if (stored.count !== recomputed.count) return `count ${stored.count}, its encodings ${recomputed.count}`;
  const keys = [...new Set([...Object.keys(stored.percentiles), ...Object.keys(recomputed.percentiles)])];
  for (const key of keys) {
    const [written, actual] = [stored.percentiles[key], recomputed.percentiles[key]];
    if (written !== actual) {
      const shown = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));
      return `percentile ${key}: ${shown(written)}, its encodings ${shown(actual)}`;
    }
  }
  return undefined;
}

/**
 * Checks every result's histograms: each encoding decodes, `histograms` and `histogramSummaries`
 * name the same distributions, and each stored summary is exactly what its encodings combine to.
 * The pages show percentiles computed from the encodings; a summary that says otherwise was edited
 * or written by other code, and a reader of the JSON alone would be told different numbers. Throws
 * a one-line {@link DocsError} naming the file and the result.
 */
export function checkHistograms(file: string, results: readonly DbbenchResult[]): void {
  for (const [index, result] of results.entries()) {
    const extension = result.dbbench;
    if (extension.histograms === undefined && extension.histogramSummaries === undefined) continue;
    let distributions: Distributions;
    try {
      distributions = histogramDistributions(extension);
    } catch {
      // Only now look for the encoding that broke: the usual path decodes each one once.
      const malformed = malformedEncoding(extension, index) ?? 'has a malformed histogram';
      throw histogramError(file, result, index, malformed);
    }
    const summarised = Object.keys(extension.histogramSummaries ?? {}).sort(compareStrings);
    const recorded = [...distributions.keys()];
    if (summarised.join('\u0000') !== recorded.join('\u0000')) {
      const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));
      throw histogramError(
        file,
        result,
        index,
        `has histograms of ${list(recorded)} but summaries of ${list(summarised)} (dbbench.histogramSummaries names each histogram once)`,
      );
    }
    for (const [name, recomputed] of distributions) {
      const stored = extension.histogramSummaries?.[name];
      const differs = stored === undefined ? 'no summary' : disagreement(stored, recomputed);
      if (differs !== undefined) {
        throw histogramError(
          file,
          result,
          index,
          `has a summary of "${name}" that disagrees with its encodings (${differs})`,
        );
      }
    }
  }
}
