import { describe, expect, it } from 'vitest';
import type { BenchmarkDefinition, Mode } from '../define/definition.js';
import type { IterationResult } from '../fork/fork-protocol.js';
import { dbbenchResultSchema } from './report-schema.js';
import { buildResult, type CombinationOutcome, type RunMetadata } from './result-builder.js';
import { DEFAULT_SETTINGS } from '../plan/settings.js';
import { confidenceHalfWidth, mean } from '../stats/statistics.js';
import { combineHistograms, LatencyHistogram, summarizeHistogram } from '../stats/histogram.js';

const metadata: RunMetadata = {
  suite: 'synthetic',
  database: 'none',
  profile: 'default',
  environment: { node: 'v20', v8: '11', os: 'linux', cpuModel: 'cpu', cores: 2, memoryBytes: 1 },
  git: { commit: 'abc', dirty: false },
  runInfo: {},
};

function iteration(index: number, samples: readonly number[]): IterationResult {
  return {
    warmup: false,
    index,
    invocations: samples.length,
    measuredNs: 0,
    score: mean(samples),
    samples: Float64Array.from(samples),
    secondary: [],
  };
}

function outcome(mode: Mode, forks: readonly (readonly IterationResult[])[]): CombinationOutcome {
  const benchmark = {
    description: 'busy wait',
    axes: [],
    mode,
    run: () => undefined,
  } as unknown as BenchmarkDefinition;
  return {
    combination: { benchmarkName: 'busy', benchmark, mode, params: {} },
    settings: DEFAULT_SETTINGS,
    unit: 'ms',
    forks: forks.length,
    forkOutcomes: forks.map((iterations) => ({ iterations })),
  };
}

/** Many tight samples per iteration, iteration means that move by a few percent. */
function tightSamples(center: number): number[] {
  return Array.from({ length: 1000 }, (_, index) => center + (index % 2 === 0 ? 0.001 : -0.001));
}

describe('buildResult', () => {
  it('computes the sample-mode error over iteration scores, not over raw samples as if independent', () => {
    const iterations = [1.0, 1.04, 0.97, 1.02, 0.99].map((center, index) =>
      iteration(index + 1, tightSamples(center)),
    );
    const result = buildResult(outcome('sample', [iterations]), metadata);
    const metric = result.primaryMetric;
    const iterationScores = iterations.map((entry) => entry.score);
    // Raw samples (5000 values) would give a tiny error; the iteration scores give the honest one.
    expect(metric.scoreError).toBeCloseTo(confidenceHalfWidth(iterationScores), 12);
    const samplesError = confidenceHalfWidth(iterations.flatMap((entry) => Array.from(entry.samples ?? [])));
    expect(metric.scoreError).toBeGreaterThan(10 * samplesError);
    // Score and percentiles still come from every raw sample; the statistics describe them too.
    expect(metric.score).toBeCloseTo(1.004, 12);
    expect(metric.scorePercentiles['100.0']).toBeCloseTo(1.041, 12);
    expect(result.dbbench.scoreStatistics?.n).toBe(5000);
    const score = metric.score as number;
    const error = metric.scoreError as number;
    expect(metric.scoreConfidence).toEqual([score - error, score + error]);
    expect(metric.rawData).toEqual([iterationScores]);
  });

  it('uses the iteration scores of every fork when there are several forks', () => {
    const forks = [
      [iteration(1, [1, 1.01]), iteration(2, [1.02, 1])],
      [iteration(1, [1.2, 1.21]), iteration(2, [1.19, 1.2])],
    ];
    const result = buildResult(outcome('sample', forks), metadata);
    const scores = forks.flat().map((entry) => entry.score);
    expect(result.primaryMetric.scoreError).toBeCloseTo(confidenceHalfWidth(scores), 12);
  });

  it('marks a result noisy when its interval is wider than ±25% of the score, and writes a valid report', () => {
    const quiet = buildResult(
      outcome('avgt', [[1, 1.01, 0.99, 1, 1.02].map((v, i) => iteration(i + 1, [v]))]),
      metadata,
    );
    const noisy = buildResult(
      outcome('avgt', [[1, 2, 0.5, 1.5, 0.7].map((v, i) => iteration(i + 1, [v]))]),
      metadata,
    );
    expect(quiet.dbbench.noisy).toBe(false);
    expect(noisy.dbbench.noisy).toBe(true);
    expect(dbbenchResultSchema.parse(noisy).dbbench.noisy).toBe(true);
    // Reports from before the field existed stay valid.
    const { noisy: _noisy, ...olderExtension } = quiet.dbbench;
    expect(dbbenchResultSchema.safeParse({ ...quiet, dbbench: olderExtension }).success).toBe(true);
  });
});

describe('buildResult with histograms', () => {
  /** An iteration whose profiler recorded `latenciesMs` as the histogram `latency`. */
  function withLatencies(warmup: boolean, index: number, latenciesMs: readonly number[]): IterationResult {
    const histogram = new LatencyHistogram();
    for (const latency of latenciesMs) histogram.record(latency);
    return {
      ...iteration(index, [1]),
      warmup,
      histograms: [{ name: 'latency', unit: 'ms', encoded: histogram.encode() }],
    };
  }

  // Warmup latencies of 500 ms: far above every measured one, so a leak shows in the maximum.
  const forks = [
    [withLatencies(true, 1, [500, 500]), withLatencies(false, 1, [1, 2, 3]), withLatencies(false, 2, [4])],
    [withLatencies(true, 1, [500]), withLatencies(false, 1, [10, 20]), withLatencies(false, 2, [30, 40, 50])],
  ];
  const result = buildResult(outcome('avgt', forks), metadata);

  it("keeps each fork's measured encodings in iteration order, never a warmup one", () => {
    const measuredEncodings = forks.map((fork) =>
      fork.filter((entry) => !entry.warmup).map((entry) => entry.histograms?.[0]?.encoded),
    );
    expect(result.dbbench.histograms).toEqual({ latency: { unit: 'ms', forks: measuredEncodings } });
    expect(dbbenchResultSchema.parse(result).dbbench.histograms?.['latency']?.forks).toEqual(
      measuredEncodings,
    );
  });

  it('summarises the combined measured histograms: every measured request counted once', () => {
    const summary = result.dbbench.histogramSummaries?.['latency'];
    expect(summary?.count).toBe(3 + 1 + 2 + 3);
    const encodings = result.dbbench.histograms?.['latency']?.forks.flat() ?? [];
    expect(summary).toEqual(summarizeHistogram(combineHistograms(encodings)));
    expect(summary?.percentiles['100']).toBeCloseTo(50, 1);
  });

  it('leaves both fields out when no iteration carried a histogram, and on a failed result', () => {
    const plain = buildResult(outcome('avgt', [[iteration(1, [1]), iteration(2, [1])]]), metadata);
    expect(plain.dbbench).not.toHaveProperty('histograms');
    expect(plain.dbbench).not.toHaveProperty('histogramSummaries');
    const failing = outcome('avgt', forks);
    const failed = buildResult(
      {
        ...failing,
        forkOutcomes: failing.forkOutcomes.map((fork, index) =>
          index === 0 ? { ...fork, failure: { phase: 'measurement', message: 'boom' } } : fork,
        ),
      },
      metadata,
    );
    expect(failed.dbbench.status).toBe('failed');
    expect(failed.dbbench).not.toHaveProperty('histograms');
  });

  it('writes an empty histogram\'s percentiles as "NaN", which the schema accepts', () => {
    const empty = { name: 'latency', unit: 'ms' as const, encoded: new LatencyHistogram().encode() };
    const quiet = buildResult(outcome('avgt', [[{ ...iteration(1, [1]), histograms: [empty] }]]), metadata);
    expect(quiet.dbbench.histogramSummaries?.['latency']).toMatchObject({
      count: 0,
      percentiles: { '50': 'NaN', '100': 'NaN' },
    });
    expect(dbbenchResultSchema.safeParse(quiet).success).toBe(true);
  });
});
