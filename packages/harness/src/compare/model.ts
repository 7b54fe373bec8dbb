/**
 * The shapes of a comparison: what goes in (per result, the iteration scores of every fork of the
 * baseline and the candidate, JMH's `rawData` shape) and what comes out (a verdict per result with
 * its ratio, interval, p and q, exact counter changes, and a geometric mean per suite). Renderers
 * take the output and nothing else.
 */

/** Which result: the same identity on both sides is the same benchmark × mode × parameters. */
export interface ResultIdentity {
  readonly suite: string;
  /**
   * The database the result ran on (a dbbench result's `dbbench.database`, e.g. `postgres`); absent
   * for plain JMH results. One comparison may hold several engines' results under the same names, and
   * results on different databases never pair.
   */
  readonly database?: string;
  /** Short benchmark name, e.g. "job". */
  readonly benchmark: string;
  /** JMH mode: thrpt, avgt, sample, ss. */
  readonly mode: string;
  /** Parameter values as strings, in axis order. */
  readonly params: Readonly<Record<string, string>>;
}

/** Iteration scores, one array per fork (JMH's `rawData`). */
export type ForkScores = readonly (readonly number[])[];

/** Per-operation values of one work counter (statements/op, rows/op, …), per fork and iteration. */
export interface CounterSeries {
  readonly unit: string;
  readonly baseline: ForkScores;
  readonly candidate: ForkScores;
}

/** One result to compare. */
export interface ResultInput {
  readonly identity: ResultIdentity;
  /** Unit of the scores, e.g. "ms/op" or "ops/s". */
  readonly unit: string;
  /** Whether a higher score is better (throughput) or lower (time per operation). */
  readonly higherIsBetter: boolean;
  readonly baseline: ForkScores;
  readonly candidate: ForkScores;
  /** Work counters by name; only those named in {@link deterministicCounters} are compared. */
  readonly counters?: Readonly<Record<string, CounterSeries>>;
  /** Counters the benchmark declares deterministic: the same code does exactly this work per op. */
  readonly deterministicCounters?: readonly string[];
  /** Set when the result is listed but cannot be compared, e.g. "failed in the baseline". */
  readonly unavailable?: string;
  /**
   * The round each fork ran in, per side, in the order of {@link baseline} and {@link candidate}
   * (the report's `dbbench.forkRounds`): forks of the two sides that share a round took turns in it
   * (a duet), and the result is compared over those pairs.
   */
  readonly rounds?: { readonly baseline: readonly string[]; readonly candidate: readonly string[] };
}

/** A commit (or report) on one side of the comparison. */
export interface SideInfo {
  /** Commit hash (abbreviated is fine) or report file. */
  readonly commit: string;
  /** What the user named it, e.g. "main" or "HEAD". */
  readonly label?: string;
  readonly dirty?: boolean;
}

/** Where and what was compared, for the header and footer of a rendered comparison. */
export interface ComparisonContext {
  /** One line describing the machine, e.g. "AMD EPYC 7B13, 2 cores, 8 GiB, Node v20.20.2". */
  readonly machine?: string;
  readonly baseline?: SideInfo;
  readonly candidate?: SideInfo;
  /** Server the forks ran against, e.g. "PostgreSQL 15.13 (local)". */
  readonly database?: string;
}

/** All results of one comparison. */
export interface ComparisonInput {
  readonly results: readonly ResultInput[];
  readonly context?: ComparisonContext;
}

/**
 * What the comparison concludes about a result: a called change (by the metric's direction), no
 * called change ("~"), or why it could not be compared.
 */
export type Verdict = 'improved' | 'regressed' | '~' | 'not comparable';

/**
 * The statistical unit: fork pairs that took turns in one round (`paired`, from 3 pairs), else forks,
 * else, when a side has a single fork, iterations.
 */
export type StatisticalLevel = 'paired' | 'fork' | 'iteration';

/** How much data one side contributed. */
export interface SideSize {
  readonly forks: number;
  /** Iterations over all forks. */
  readonly iterations: number;
}

/** One result compared. Numbers that could not be computed are NaN. */
export interface ResultComparison {
  readonly identity: ResultIdentity;
  readonly unit: string;
  readonly higherIsBetter: boolean;
  readonly verdict: Verdict;
  /** Why the result is "not comparable"; absent otherwise. */
  readonly reason?: string;
  readonly level: StatisticalLevel;
  /** Mean score of each side (mean of fork means at fork level). */
  readonly baselineMean: number;
  readonly candidateMean: number;
  /**
   * candidate mean / baseline mean; when {@link level} is "paired", the geometric mean of the pairs'
   * ratios (what the interval is centred on).
   */
  readonly ratio: number;
  /** Fork pairs the interval came from, when {@link level} is "paired". */
  readonly pairs?: number;
  /** Confidence interval of the ratio, [low, high]. */
  readonly ratioInterval: readonly [number, number];
  /**
   * Two-sided p-value of the test at {@link level}: paired t over the pairs' log ratios, two-sample t
   * over log fork means, or over log iterations.
   */
  readonly pValue: number;
  /** Benjamini–Hochberg adjusted p-value over every compared result. */
  readonly qValue: number;
  readonly baselineSize: SideSize;
  readonly candidateSize: SideSize;
  /** The ratio's interval is wider than the noisy limit (±25% by default): more data is needed. */
  readonly noisy: boolean;
}

/** A deterministic work counter that changed, or that varied where it should not. */
export interface CounterChange {
  readonly identity: ResultIdentity;
  readonly counter: string;
  readonly unit: string;
  /** Mean per-op value of each side (the value itself when it is constant, as declared). */
  readonly baseline: number;
  readonly candidate: number;
  /** (candidate / baseline − 1) · 100; NaN when the baseline is 0. */
  readonly changePercent: number;
  /** Sides on which the declared-deterministic counter took more than one value. */
  readonly variesWithin: readonly ('baseline' | 'candidate')[];
}

/** The geometric mean of one suite's ratios. */
export interface SuiteGeomean {
  /** The suite, with its database when results name one (`pooled on postgres`). */
  readonly suite: string;
  /** Results that entered (compared ones only). */
  readonly results: number;
  /**
   * Geometric mean of cost ratios (candidate / baseline for lower-is-better metrics, baseline /
   * candidate for higher-is-better ones), so below 1 is better whatever the metrics' units.
   */
  readonly costRatio: number;
}

/** The settings a comparison was made with (recorded so a rendered comparison can state them). */
export interface ComparisonSettings {
  /** A change is called only when the whole interval lies beyond 1 ± this. */
  readonly noiseThreshold: number;
  /** Benjamini–Hochberg false discovery rate. */
  readonly falseDiscoveryRate: number;
  /** Confidence level of the ratio intervals. */
  readonly confidence: number;
  /** Bootstrap resamples per result. */
  readonly resamples: number;
  /** An interval wider than ± this fraction of the ratio marks the result noisy. */
  readonly noisyHalfWidth: number;
}

/** The comparison model every renderer reads. */
export interface Comparison {
  readonly settings: ComparisonSettings;
  readonly context: ComparisonContext;
  /** In input order. */
  readonly results: readonly ResultComparison[];
  readonly counterChanges: readonly CounterChange[];
  readonly geomeans: readonly SuiteGeomean[];
}

/** Stable key of an identity (database, suite, benchmark, mode, params sorted by name). */
export function identityKey(identity: ResultIdentity): string {
  const params = Object.keys(identity.params)
    .sort()
    .map((name) => `${name}=${identity.params[name] ?? ''}`)
    .join(',');
  return `${identity.database ?? ''}|${identity.suite}/${identity.benchmark}|${identity.mode}|${params}`;
}
