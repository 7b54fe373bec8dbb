/**
 * Turns the iterations of every fork of one combination into a JMH result with the dbbench
 * extension: score and error from measurement iterations only (warmup never enters a score).
 */
import type { Json, Mode, TimeUnit } from '../define/definition.js';
import type { ForkFailure, IterationResult } from '../fork/fork-protocol.js';
import type { Combination } from '../plan/run-plan.js';
import type { DbbenchResult, Environment, Failure, JmhMetric, JmhNumber } from './report-schema.js';
import type { ResolvedSettings } from '../plan/settings.js';
import { isNoisyForks } from '../compare/fork-statistics.js';
import { PERCENTILE_KEYS, summarize, type Summary } from '../stats/statistics.js';
import { formatIterationTime, scoreUnit } from '../define/units.js';
import { HARNESS_VERSION } from '../define/version.js';
import { histogramExtension } from './result-histograms.js';
import {
  answersOfBenchmark,
  chartsOfBenchmark,
  labelsOfParams,
  type SuiteDisplay,
} from '../define/presentation.js';

/** What one fork produced: its iterations, and its failure if it had one. */
export interface ForkOutcome {
  readonly iterations: readonly IterationResult[];
  readonly failure?: ForkFailure;
  /** What the run setup applied to the server before this fork, read back (see `RunSetup.beforeFork`). */
  readonly applied?: { readonly [key: string]: Json };
  /** What the benchmark's `facts` read in this fork after setupTrial (see `BenchmarkDefinition.facts`). */
  readonly facts?: { readonly [key: string]: Json };
}

/** Run-wide facts copied into every result. */
export interface RunMetadata {
  readonly suite: string;
  readonly database: string;
  readonly profile: 'default' | 'quick';
  readonly environment: Environment;
  readonly git: { readonly commit: string; readonly dirty: boolean };
  readonly runInfo: { readonly [key: string]: Json };
  /** The suite's declared display names and answers. */
  readonly display?: SuiteDisplay;
}

/** Everything about one finished combination. */
export interface CombinationOutcome {
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  /** Forks requested (0 = in-process), as JMH's `forks`. */
  readonly forks: number;
  readonly forkOutcomes: readonly ForkOutcome[];
}

/** Builds the report entry for one combination. */
export function buildResult(outcome: CombinationOutcome, metadata: RunMetadata): DbbenchResult {
  const { combination, settings, unit } = outcome;
  const failures: Failure[] = outcome.forkOutcomes.flatMap((fork, index) =>
    fork.failure === undefined ? [] : [{ fork: index, ...fork.failure }],
  );
  const ok = failures.length === 0;
  const measured = outcome.forkOutcomes.map((fork) =>
    fork.iterations.filter((iteration) => !iteration.warmup),
  );
  const batchSize = combination.mode === 'ss' ? settings.batchSize : 1;
  const warmupBatchSize = combination.mode === 'ss' ? settings.warmupBatchSize : 1;
  const primary = ok ? primaryMetric(measured, combination.mode, unit) : undefined;
  const secondary = ok ? secondaryMetrics(measured) : { metrics: {}, higherIsBetter: {} };
  return {
    jmhVersion: HARNESS_VERSION,
    benchmark: `${metadata.suite}.${combination.benchmarkName}`,
    mode: combination.mode,
    threads: 1,
    forks: outcome.forks,
    // JMH's JVM fields, filled with their Node.js counterparts so JMH tools find every field they expect.
    jvm: 'node',
    jvmArgs: outcome.forks === 0 ? [] : ['--expose-gc'],
    jdkVersion: metadata.environment.node,
    vmName: 'V8',
    vmVersion: metadata.environment.v8,
    warmupIterations: settings.warmupIterations,
    warmupTime: formatIterationTime(settings.warmupTimeMs, combination.mode),
    warmupBatchSize,
    measurementIterations: settings.measurementIterations,
    measurementTime: formatIterationTime(settings.measurementTimeMs, combination.mode),
    measurementBatchSize: batchSize,
    params: { ...combination.params },
    primaryMetric: primary?.metric ?? failedMetric(scoreUnit(combination.mode, unit)),
    secondaryMetrics: secondary.metrics,
    dbbench: {
      harnessVersion: HARNESS_VERSION,
      suite: metadata.suite,
      database: metadata.database,
      benchmarkName: combination.benchmarkName,
      description: combination.benchmark.description,
      axes: [...combination.benchmark.axes],
      profile: metadata.profile,
      status: ok ? 'ok' : 'failed',
      failures,
      higherIsBetter: combination.mode === 'thrpt',
      ...(combination.benchmark.deterministicCounters === undefined
        ? {}
        : { deterministicCounters: [...combination.benchmark.deterministicCounters] }),
      secondaryHigherIsBetter: secondary.higherIsBetter,
      ...displayExtension(metadata.display, combination.benchmarkName, combination.params),
      environment: metadata.environment,
      git: { ...metadata.git },
      finishedAt: new Date().toISOString(),
      // Json is deeply readonly; the schema's type is the same data, mutable.
      runInfo: { ...metadata.runInfo } as DbbenchResult['dbbench']['runInfo'],
      ...appliedExtension(outcome.forkOutcomes),
      ...factsExtension(outcome.forkOutcomes),
      // Like secondary metrics, only a result that did not fail has distributions: a failure is never scored.
      ...(ok ? histogramExtension(measured) : {}),
      ...(primary === undefined
        ? {}
        : {
            scoreStatistics: {
              n: primary.summary.n,
              stdev: jmhNumber(primary.summary.stdev),
              min: jmhNumber(primary.summary.min),
              max: jmhNumber(primary.summary.max),
            },
            invocations: measured.map((fork) => fork.map((iteration) => iteration.invocations)),
            noisy: isNoisyForks(primary.metric.rawData),
          }),
    },
  };
}

/** Each fork's facts, in fork order, when any fork read some (a fork that failed first has `{}`). */
function factsExtension(forks: readonly ForkOutcome[]): Pick<DbbenchResult['dbbench'], 'facts'> {
  if (forks.every((fork) => fork.facts === undefined)) return {};
  return { facts: forks.map((fork) => ({ ...fork.facts }) as Record<string, never>) };
}

/** Each fork's applied settings, in fork order, when any fork had some. */
function appliedExtension(forks: readonly ForkOutcome[]): Pick<DbbenchResult['dbbench'], 'applied'> {
  if (forks.every((fork) => fork.applied === undefined)) return {};
  // Json is deeply readonly; the schema's type is the same data, mutable.
  return { applied: forks.map((fork) => ({ ...fork.applied }) as Record<string, never>) };
}

/** A number as JMH writes it: non-finite values become the string "NaN". */
export function jmhNumber(value: number): JmhNumber {
  return Number.isFinite(value) ? value : 'NaN';
}

/**
 * The primary metric: over iteration scores of every fork (JMH's rule), except in `sample` mode,
 * where the score and percentiles come from every raw sample (rawData still holds per-iteration
 * means). Even there the error comes from the iteration scores: the samples of one iteration are not
 * independent draws of the run (they share its JIT state, caches and neighbours), and treating
 * thousands of them as such gave ±0.03% intervals that missed the same process's next measurement.
 */
function primaryMetric(
  measured: readonly (readonly IterationResult[])[],
  mode: Mode,
  unit: TimeUnit,
): { metric: JmhMetric; summary: Summary } {
  const rawData = measured.map((fork) => fork.map((iteration) => iteration.score));
  const iterationSummary = summarize(rawData.flat());
  if (mode !== 'sample') {
    return {
      metric: metricFromSummary(iterationSummary, scoreUnit(mode, unit), rawData),
      summary: iterationSummary,
    };
  }
  const samples = measured.flatMap((fork) =>
    fork.flatMap((iteration) => Array.from(iteration.samples ?? [])),
  );
  const sampleSummary = summarize(samples);
  const error = iterationSummary.error;
  const summary: Summary = {
    ...sampleSummary,
    error,
    confidence: [sampleSummary.mean - error, sampleSummary.mean + error],
  };
  return { metric: metricFromSummary(summary, scoreUnit(mode, unit), rawData), summary };
}

/** Secondary metrics: each named profiler value aggregated over measurement iterations like the score. */
function secondaryMetrics(measured: readonly (readonly IterationResult[])[]): {
  metrics: Record<string, JmhMetric>;
  higherIsBetter: Record<string, boolean>;
} {
  const byName = new Map<string, { unit: string; higherIsBetter: boolean; rawData: number[][] }>();
  measured.forEach((fork, forkIndex) => {
    for (const iteration of fork) {
      for (const sample of iteration.secondary) {
        let entry = byName.get(sample.name);
        if (entry === undefined) {
          entry = {
            unit: sample.unit,
            higherIsBetter: sample.higherIsBetter ?? false,
            rawData: measured.map(() => []),
          };
          byName.set(sample.name, entry);
        }
        entry.rawData[forkIndex]?.push(sample.value);
      }
    }
  });
  const metrics: Record<string, JmhMetric> = {};
  const higherIsBetter: Record<string, boolean> = {};
  for (const [name, entry] of byName) {
    // Non-finite samples (e.g. a rate over zero invocations) are not valid JSON numbers; leave them out.
    const rawData = entry.rawData.map((values) => values.filter(Number.isFinite));
    metrics[name] = metricFromSummary(summarize(rawData.flat()), entry.unit, rawData);
    higherIsBetter[name] = entry.higherIsBetter;
  }
  return { metrics, higherIsBetter };
}

function metricFromSummary(summary: Summary, unit: string, rawData: number[][]): JmhMetric {
  const scorePercentiles: Record<string, JmhNumber> = {};
  for (const key of PERCENTILE_KEYS)
    scorePercentiles[key] = jmhNumber(summary.percentiles[key] ?? Number.NaN);
  return {
    score: jmhNumber(summary.mean),
    scoreError: jmhNumber(summary.error),
    scoreConfidence: [jmhNumber(summary.confidence[0]), jmhNumber(summary.confidence[1])],
    scorePercentiles,
    scoreUnit: unit,
    rawData,
  };
}

/** The metric of a failed combination: NaN everywhere, no raw data. */
function failedMetric(unit: string): JmhMetric {
  const scorePercentiles: Record<string, JmhNumber> = {};
  for (const key of PERCENTILE_KEYS) scorePercentiles[key] = 'NaN';
  return {
    score: 'NaN',
    scoreError: 'NaN',
    scoreConfidence: ['NaN', 'NaN'],
    scorePercentiles,
    scoreUnit: unit,
    rawData: [],
  };
}

/**
 * The display declarations one result carries: its parameters' display names and the answers its
 * benchmark takes part in (the docs collect answers across results, so shards and merges keep them).
 */
function displayExtension(
  display: SuiteDisplay | undefined,
  benchmarkName: string,
  params: Readonly<Record<string, string>>,
): Pick<DbbenchResult['dbbench'], 'valueLabels' | 'answers' | 'charts'> {
  if (display === undefined) return {};
  const valueLabels = labelsOfParams(display.axisValueLabels, params);
  const answers = answersOfBenchmark(display.answers, benchmarkName);
  const charts = chartsOfBenchmark(display.charts, benchmarkName);
  return {
    ...(Object.keys(valueLabels).length === 0 ? {} : { valueLabels }),
    // Declarations are deeply readonly; the schema's type is the same data, mutable.
    ...(answers.length === 0 ? {} : { answers: structuredClone(answers) as DbbenchAnswers }),
    ...(charts.length === 0 ? {} : { charts: structuredClone(charts) }),
  };
}

type DbbenchAnswers = NonNullable<DbbenchResult['dbbench']['answers']>;
