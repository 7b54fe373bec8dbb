import type { JmhResult } from '@dbbench/harness/report';
import { compareStrings } from './format.js';
import { formatJsonPath, type ReportProblem } from './json-path.js';

/** What the checks need of a result: JMH's fields, plus dbbench's status where there is one. */
type CheckedResult = JmhResult & { readonly dbbench?: { readonly status: 'ok' | 'failed' } };

function paramsText(params: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(params ?? {}).sort(([a], [b]) => compareStrings(a, b));
  return entries.length === 0 ? 'no params' : entries.map(([axis, value]) => `${axis}=${value}`).join(', ');
}

/** The identity of a result within a report: benchmark, mode and parameters. */
export function combinationKey(result: JmhResult): string {
  return `${result.benchmark} ${result.mode} ${paramsText(result.params)}`;
}

function scoreProblem(result: CheckedResult, index: number): ReportProblem | undefined {
  const failed = result.dbbench?.status === 'failed';
  const { score, scoreError } = result.primaryMetric;
  const at = (field: string) => [index, 'primaryMetric', field];
  if (score === 'NaN' && !failed) {
    return {
      path: at('score'),
      message: 'a result that did not fail needs a score ("NaN" stands only for a failed result)',
    };
  }
  if (typeof score === 'number' && score < 0) {
    return { path: at('score'), message: `a negative score (${score}): no time or throughput is negative` };
  }
  if (typeof scoreError === 'number' && scoreError < 0) {
    return {
      path: at('scoreError'),
      message: `a negative error (${scoreError}): a half-width is never negative`,
    };
  }
  return undefined;
}

/**
 * What the schema cannot see: every score must be a number a benchmark can have measured (not
 * negative; "NaN" only in a failed result), and a report holds each combination once — a second
 * copy would be rendered as a second row or silently win the comparison.
 */
export function findResultProblem(results: readonly CheckedResult[]): ReportProblem | undefined {
  const firstIndex = new Map<string, number>();
  for (const [index, result] of results.entries()) {
    const problem = scoreProblem(result, index);
    if (problem) return problem;
    const key = combinationKey(result);
    const earlier = firstIndex.get(key);
    if (earlier !== undefined) {
      return {
        path: [index],
        message: `repeats ${formatJsonPath([earlier])} (${key}): a report holds each combination once`,
      };
    }
    firstIndex.set(key, index);
  }
  return undefined;
}
