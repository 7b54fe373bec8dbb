import { comparabilityFingerprint } from './environment.js';
import { finiteScore, iterationScores, resultKey, type ResultRow } from './result-row.js';
import { bootstrapRatioOfMeans, hashString, mannWhitneyU, mean } from './statistics.js';

/** What the comparison concludes about one result. */
export type Verdict = 'improved' | 'regressed' | '~' | 'not comparable' | 'new';

/** Tunables of the comparison. */
export interface ComparisonOptions {
  /** Significance level of the Mann–Whitney test (two-sided). Default 0.05. */
  readonly alpha?: number;
  /** A change is called only when the whole interval lies beyond ± this fraction. Default 0.03. */
  readonly noiseThreshold?: number;
  /** Bootstrap resamples. Default 2000. */
  readonly resamples?: number;
}

/** Defaults of {@link ComparisonOptions}, shown on the pages. */
export const COMPARISON_DEFAULTS = { alpha: 0.05, noiseThreshold: 0.03, resamples: 2000 } as const;

/** One result compared with its previous value. */
export interface ResultComparison {
  readonly verdict: Verdict;
  /** Why it is "not comparable" or "new"; empty otherwise. */
  readonly reason: string;
  readonly previousScore: number | undefined;
  readonly currentScore: number | undefined;
  /** Change of the mean score in percent (current vs previous). */
  readonly changePercent: number | undefined;
  /** Bootstrap confidence interval of the change, in percent. */
  readonly changeInterval: { readonly low: number; readonly high: number } | undefined;
  /** Mann–Whitney U two-sided p-value. */
  readonly pValue: number | undefined;
}

function notComparable(
  reason: string,
  current: ResultRow,
  baseline: ResultRow | undefined,
  verdict: Verdict = 'not comparable',
): ResultComparison {
  return {
    verdict,
    reason,
    previousScore: baseline ? finiteScore(baseline.primary) : undefined,
    currentScore: finiteScore(current.primary),
    changePercent: undefined,
    changeInterval: undefined,
    pValue: undefined,
  };
}

/** What decides comparability: the machine and server for dbbench, the JVM for plain JMH. */
function fingerprint(row: ResultRow): Readonly<Record<string, string>> {
  if (row.dbbench) return comparabilityFingerprint(row.dbbench);
  return {
    JDK: row.source.jdkVersion ?? 'unknown',
    VM: `${row.source.vmName ?? 'unknown'} ${row.source.vmVersion ?? ''}`.trim(),
  };
}

function environmentDifferences(current: ResultRow, baseline: ResultRow): string[] {
  const now = fingerprint(current);
  const before = fingerprint(baseline);
  return Object.keys(now)
    .filter((key) => now[key] !== before[key])
    .map((key) => `${key} differs (${before[key] ?? ''} → ${now[key] ?? ''})`);
}

/**
 * Compares a result with its previous run on the raw iteration scores: a two-sided Mann–Whitney U
 * test at `alpha`, and a seeded bootstrap interval of the ratio of means. A change is called
 * (improved / regressed, by the metric's direction) only when the test is significant and the
 * whole interval lies beyond the noise threshold; otherwise the verdict is "~". Results measured
 * on a different CPU, core count or server version (for plain JMH: JDK or VM) are "not comparable".
 */
export function compareResult(
  current: ResultRow,
  baseline: ResultRow | undefined,
  options: ComparisonOptions = {},
): ResultComparison {
  const alpha = options.alpha ?? COMPARISON_DEFAULTS.alpha;
  const threshold = options.noiseThreshold ?? COMPARISON_DEFAULTS.noiseThreshold;
  if (!baseline) return notComparable('no previous result', current, undefined, 'new');
  const differences = environmentDifferences(current, baseline);
  if (differences.length > 0) return notComparable(differences.join('; '), current, baseline);
  if (current.status === 'failed') return notComparable('failed in this run', current, baseline);
  if (baseline.status === 'failed') return notComparable('failed in the previous run', current, baseline);
  if (current.primary.scoreUnit !== baseline.primary.scoreUnit) {
    return notComparable(
      `unit changed (${baseline.primary.scoreUnit} → ${current.primary.scoreUnit})`,
      current,
      baseline,
    );
  }
  const currentScores = iterationScores(current.primary);
  const baselineScores = iterationScores(baseline.primary);
  if (currentScores.length < 2 || baselineScores.length < 2) {
    return notComparable('fewer than 2 iterations on one side', current, baseline);
  }
  const baselineMean = mean(baselineScores);
  if (!(baselineMean > 0)) return notComparable('previous mean is not positive', current, baseline);
  const test = mannWhitneyU(currentScores, baselineScores);
  const ratio = bootstrapRatioOfMeans(currentScores, baselineScores, {
    randomSeed: hashString(resultKey(current)),
    resamples: options.resamples ?? COMPARISON_DEFAULTS.resamples,
    confidence: 1 - alpha,
  });
  const changePercent = (mean(currentScores) / baselineMean - 1) * 100;
  const interval = { low: (ratio.low - 1) * 100, high: (ratio.high - 1) * 100 };
  const beyondNoise = interval.low > threshold * 100 || interval.high < -threshold * 100;
  let verdict: Verdict = '~';
  if (test.pValue < alpha && beyondNoise) {
    const wentUp = interval.low > 0;
    verdict = wentUp === current.higherIsBetter ? 'improved' : 'regressed';
  }
  return {
    verdict,
    reason: '',
    previousScore: finiteScore(baseline.primary),
    currentScore: finiteScore(current.primary),
    changePercent,
    changeInterval: interval,
    pValue: test.pValue,
  };
}
