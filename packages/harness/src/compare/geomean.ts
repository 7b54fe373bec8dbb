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

/**
 * Geometric mean of the cost ratios of each suite's compared results, suites in first-seen order. A
 * suite measured on several databases gets one mean per database (`pooled on postgres`): one engine's
 * gain must not hide the other's loss.
 */
export function suiteGeomeans(results: readonly ResultComparison[]): SuiteGeomean[] {
  const logsBySuite = new Map<string, number[]>();
  for (const result of results) {
    if (result.verdict === 'not comparable' || !(result.ratio > 0)) continue;
    const { suite, database } = result.identity;
    const group = database === undefined ? suite : `${suite} on ${database}`;
    const logs = logsBySuite.get(group) ?? [];
    logs.push(Math.log(costRatio(result)));
    logsBySuite.set(group, logs);
  }
  return [...logsBySuite].map(([suite, logs]) => ({
    suite,
    results: logs.length,
    costRatio: Math.exp(logs.reduce((sum, value) => sum + value, 0) / logs.length),
  }));
}
