/**
 * Geometric mean of ratios per suite, benchstat's closing row. Ratios of metrics with opposite
 * directions (ops/s and ms/op) are first turned into cost ratios, so that one number summarises a
 * suite: below 1 is better.
 */
import type { ResultComparison, SuiteGeomean } from './model.js';

/** candidate / baseline for lower-is-better metrics, its inverse for higher-is-better ones. */
export function costRatio(result: Pick<ResultComparison, 'ratio' | 'higherIsBetter'>): number {
  return result.higherIsBetter ? 1 / result.ratio : result.ratio;
}

/** Geometric mean of the cost ratios of each suite's compared results, suites in first-seen order. */
export function suiteGeomeans(results: readonly ResultComparison[]): SuiteGeomean[] {
  const logsBySuite = new Map<string, number[]>();
  for (const result of results) {
    if (result.verdict === 'not comparable' || !(result.ratio > 0)) continue;
    const logs = logsBySuite.get(result.identity.suite) ?? [];
    logs.push(Math.log(costRatio(result)));
    logsBySuite.set(result.identity.suite, logs);
  }
  return [...logsBySuite].map(([suite, logs]) => ({
    suite,
    results: logs.length,
    costRatio: Math.exp(logs.reduce((sum, value) => sum + value, 0) / logs.length),
  }));
}
