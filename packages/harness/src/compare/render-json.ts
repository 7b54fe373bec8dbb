/**
 * The comparison as a JSON document (`--json <file>`): per result the verdict, ratio, interval, p, q
 * and fork counts, then the exact counter changes and the per-suite geometric means. Numbers that
 * could not be computed are null (JSON has no NaN).
 */
import { SINGLE_FORK_NOTE } from './compare-results.js';
import type { Comparison, ComparisonContext, ComparisonSettings, ResultIdentity } from './model.js';

/** One result in the JSON document. */
export interface ResultJson extends ResultIdentity {
  readonly verdict: string;
  readonly ratio: number | null;
  readonly ratioInterval: readonly [number | null, number | null];
  readonly pValue: number | null;
  readonly qValue: number | null;
  /** Forks of baseline and candidate. */
  readonly forks: readonly [number, number];
  /** Iterations (over all forks) of baseline and candidate. */
  readonly iterations: readonly [number, number];
  readonly unit: string;
  readonly higherIsBetter: boolean;
  /** "paired" (fork pairs that took turns), "fork", or "iteration" when a side had a single fork. */
  readonly level: string;
  /** Fork pairs the interval came from, when the level is "paired". */
  readonly pairs?: number;
  readonly noisy: boolean;
  /** Why it was not comparable, or the single-fork caveat. */
  readonly note?: string;
}

/** The whole JSON document. */
export interface ComparisonJson {
  readonly settings: ComparisonSettings;
  readonly context: ComparisonContext;
  readonly results: readonly ResultJson[];
  readonly counterChanges: readonly (ResultIdentity & {
    readonly counter: string;
    readonly unit: string;
    readonly baseline: number;
    readonly candidate: number;
    readonly changePercent: number | null;
    readonly variesWithin: readonly string[];
  })[];
  readonly geomeans: readonly {
    readonly suite: string;
    readonly results: number;
    readonly costRatio: number;
  }[];
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** The comparison as a plain JSON-ready object. */
export function comparisonJson(comparison: Comparison): ComparisonJson {
  return {
    settings: comparison.settings,
    context: comparison.context,
    results: comparison.results.map((result) => {
      const note = result.reason ?? (result.level === 'iteration' ? SINGLE_FORK_NOTE : undefined);
      return {
        ...result.identity,
        verdict: result.verdict,
        ratio: finite(result.ratio),
        ratioInterval: [finite(result.ratioInterval[0]), finite(result.ratioInterval[1])],
        pValue: finite(result.pValue),
        qValue: finite(result.qValue),
        forks: [result.baselineSize.forks, result.candidateSize.forks],
        iterations: [result.baselineSize.iterations, result.candidateSize.iterations],
        unit: result.unit,
        higherIsBetter: result.higherIsBetter,
        level: result.level,
        ...(result.pairs === undefined ? {} : { pairs: result.pairs }),
        noisy: result.noisy,
        ...(note === undefined ? {} : { note }),
      };
    }),
    counterChanges: comparison.counterChanges.map((change) => ({
      ...change.identity,
      counter: change.counter,
      unit: change.unit,
      baseline: change.baseline,
      candidate: change.candidate,
      changePercent: finite(change.changePercent),
      variesWithin: change.variesWithin,
    })),
    geomeans: comparison.geomeans,
  };
}

/** The JSON document as text: two-space indentation, a final newline. */
export function renderJson(comparison: Comparison): string {
  return `${JSON.stringify(comparisonJson(comparison), null, 2)}\n`;
}
