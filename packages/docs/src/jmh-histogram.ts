import type { ReportProblem } from './json-path.js';

/**
 * JMH writes a sample-mode metric's samples as `rawDataHistogram` — per fork, per iteration, a
 * list of `[value, count]` pairs — instead of the per-iteration scores of `rawData`. The pages
 * and the comparison work on iteration scores, so a histogram becomes the mean of each iteration
 * (which is JMH's own iteration score in sample mode).
 */

type Histogram = readonly (readonly (readonly (readonly [number, number])[])[])[];

function histogramProblem(histogram: unknown, at: readonly PropertyKey[]): ReportProblem | undefined {
  if (!Array.isArray(histogram)) return { path: at, message: 'expected an array of forks' };
  for (const [fork, iterations] of histogram.entries()) {
    if (!Array.isArray(iterations))
      return { path: [...at, fork], message: 'expected an array of iterations' };
    for (const [iteration, pairs] of iterations.entries()) {
      if (!Array.isArray(pairs)) {
        return { path: [...at, fork, iteration], message: 'expected an array of [value, count] pairs' };
      }
      for (const [index, pair] of pairs.entries()) {
        const valid =
          Array.isArray(pair) &&
          pair.length === 2 &&
          typeof pair[0] === 'number' &&
          pair[0] >= 0 &&
          Number.isInteger(pair[1]) &&
          (pair[1] as number) >= 0;
        if (!valid) {
          return {
            path: [...at, fork, iteration, index],
            message: 'expected a [value, count] pair (value ≥ 0, count a whole number ≥ 0)',
          };
        }
      }
    }
  }
  return undefined;
}

/** The mean of each iteration's histogram, per fork; iterations without samples are left out. */
export function iterationMeans(histogram: Histogram): number[][] {
  return histogram.map((iterations) =>
    iterations.flatMap((pairs) => {
      let count = 0;
      let sum = 0;
      for (const [value, times] of pairs) {
        count += times;
        sum += value * times;
      }
      return count === 0 ? [] : [sum / count];
    }),
  );
}

/**
 * Gives every metric of every result that has `rawDataHistogram` but no `rawData` the iteration
 * scores the histogram holds, in place on a freshly parsed copy. Returns the first malformed
 * histogram's problem, if any.
 */
export function fillRawDataFromHistograms(results: readonly unknown[]): ReportProblem | undefined {
  for (const [index, result] of results.entries()) {
    if (typeof result !== 'object' || result === null) continue;
    const record = result as Record<string, unknown>;
    const metrics: [readonly PropertyKey[], unknown][] = [
      [[index, 'primaryMetric'], record['primaryMetric']],
    ];
    const secondary = record['secondaryMetrics'];
    if (typeof secondary === 'object' && secondary !== null) {
      for (const [name, metric] of Object.entries(secondary)) {
        metrics.push([[index, 'secondaryMetrics', name], metric]);
      }
    }
    for (const [at, metric] of metrics) {
      if (typeof metric !== 'object' || metric === null) continue;
      const fields = metric as Record<string, unknown>;
      if (fields['rawData'] !== undefined || fields['rawDataHistogram'] === undefined) continue;
      const problem = histogramProblem(fields['rawDataHistogram'], [...at, 'rawDataHistogram']);
      if (problem) return problem;
      fields['rawData'] = iterationMeans(fields['rawDataHistogram'] as Histogram);
    }
  }
  return undefined;
}
