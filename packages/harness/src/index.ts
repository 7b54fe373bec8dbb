/**
 * @dbbench/harness: the JMH of dbbench. Suites declare benchmarks with {@link defineSuite} and
 * {@link defineBenchmark}; the `dbbench` CLI expands the parameter matrix, forks one process per
 * combination, times it with mitata and writes JMH-format JSON reports.
 */
export * from './definition.js';
export * from './axis-types.js';
export * from './report-schema.js';
export { DbbenchError, InterruptedError, isUserError, isUsageError, usageError } from './errors.js';
export { DEBUG_VARIABLE, EXIT_CODES, exitCodeFor, formatCliError, reportCliError } from './cli-errors.js';
export {
  CONFIDENCE_LEVEL,
  NOISY_RELATIVE_HALF_WIDTH,
  PERCENTILE_KEYS,
  confidenceHalfWidth,
  confidenceInterval,
  isNoisy,
  mean,
  percentile,
  percentileOfSorted,
  percentiles,
  stdev,
  summarize,
  variance,
  type Summary,
} from './statistics.js';
export {
  mergeResults,
  parseReport,
  readReport,
  readReportIfExists,
  resultKey,
  writeReportAtomic,
} from './report-io.js';
export { gcProfiler } from './gc-profiler.js';
export { blackhole } from './blackhole.js';
export { HARNESS_VERSION } from './version.js';
export { MAX_DURATION_MS, TIME_UNITS, formatIterationTime, parseDuration, scoreUnit } from './units.js';
export { DEFAULT_SETTINGS, resolveSettings, type ResolvedSettings } from './settings.js';
export { MODES, expandMatrix, parseParamFlags, type Combination, type PlanOptions } from './run-plan.js';
export { runSuite, type RunOptions, type RunStage, type RunSummary } from './runner.js';
export { ConsoleReporter, resultTable, type ReporterOutput } from './console-reporter.js';
export { collectEnvironment, collectGitState } from './environment.js';
export { runCli, type CliExtensions } from './cli-program.js';
export {
  defineCommand,
  type CliCommand,
  type CliCommandInput,
  type CliCommandOperand,
  type CliCommandOption,
} from './cli-command.js';
// Comparing a baseline and a candidate: pure statistics and renderers (the `compare` command's core).
export * from './compare/model.js';
export {
  compareDefaults,
  compareResults,
  DEFAULT_CONFIDENCE,
  DEFAULT_FALSE_DISCOVERY_RATE,
  DEFAULT_NOISE_THRESHOLD,
  DEFAULT_NOISY_HALF_WIDTH,
  DEFAULT_RESAMPLES,
  SINGLE_FORK_NOTE,
  type CompareOptions,
} from './compare/compare-results.js';
export {
  bootstrapLogRatios,
  hierarchicalBootstrap,
  meanOfForkMeans,
  resampleMean,
  smallSampleSpread,
  studentScale,
  type BootstrapOptions,
  type RatioEstimate,
} from './compare/bootstrap.js';
export { pooledTTest, twoSampleTTest, welchTTest, type TTestResult } from './compare/t-test.js';
export { benjaminiHochberg } from './compare/false-discovery.js';
export {
  intervalPosition,
  isNoisyRatio,
  verdictOf,
  type IntervalPosition,
  type VerdictInput,
} from './compare/verdict.js';
export { COUNTER_TOLERANCE, compareWorkCounters } from './compare/work-counters.js';
export { costRatio, suiteGeomeans } from './compare/geomean.js';
export {
  DEFAULT_MAX_FORKS_PER_SIDE,
  planNextForks,
  resolutionOf,
  type Resolution,
  type SamplingDecision,
} from './compare/adaptive-sampling.js';
export {
  REFERENCE_NOISE,
  simulateAdaptive,
  simulateFork,
  type AdaptiveOptions,
  type AdaptiveOutcome,
  type NoiseModel,
  type SimulatedResult,
} from './compare/simulation.js';
export { hashString, seededRandom, standardNormal } from './compare/random.js';
export { resultLabel, counterChangeLine, verdictCounts } from './compare/format.js';
export { identityOf, pairReports, type PairOptions } from './compare/report-pairs.js';
export { renderMarkdown, type MarkdownOptions } from './compare/render-markdown.js';
export { comparisonJson, renderJson, type ComparisonJson, type ResultJson } from './compare/render-json.js';
export { renderConsole, type ConsoleOptions } from './compare/render-console.js';
