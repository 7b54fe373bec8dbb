/**
 * @dbbench/harness: the JMH of dbbench. Suites declare benchmarks with {@link defineSuite} and
 * {@link defineBenchmark}; the `dbbench` CLI expands the parameter matrix, forks one process per
 * combination, times it with mitata and writes JMH-format JSON reports.
 */
export * from './define/definition.js';
export * from './define/presentation.js';
export * from './define/axis-types.js';
// Types only: the zod schemas load where reports are read (report-io, '@dbbench/harness/report'),
// never in a fork, which imports this index through its suite (zod is ~90 ms of every fork's start).
export type {
  DbbenchAnswer,
  DbbenchAnswerSide,
  DbbenchExtension,
  DbbenchReport,
  DbbenchResult,
  Environment,
  Failure,
  HistogramRecord,
  HistogramSummaryRecord,
  JmhMetric,
  JmhNumber,
  JmhResult,
  PlanSection,
  ShardRecord,
} from './report/report-schema.js';
export * from './report/redact-credentials.js';
export { DbbenchError, InterruptedError, isUserError, isUsageError, usageError } from './define/errors.js';
export { DEBUG_VARIABLE, EXIT_CODES, exitCodeFor, formatCliError, reportCliError } from './cli/cli-errors.js';
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
} from './stats/statistics.js';
export {
  mergeResults,
  parseReport,
  readReport,
  readReportIfExists,
  resultKey,
  writeReportAtomic,
} from './report/report-io.js';
export { gcProfiler } from './fork/gc-profiler.js';
export { blackhole } from './define/blackhole.js';
export { HARNESS_VERSION } from './define/version.js';
export {
  MAX_DURATION_MS,
  TIME_UNITS,
  formatIterationTime,
  parseDuration,
  scoreUnit,
} from './define/units.js';
export {
  DEFAULT_SETTINGS,
  benchmarkIterations,
  resolveSettings,
  type ResolvedSettings,
} from './plan/settings.js';
export { MODES, expandMatrix, parseParamFlags, type Combination, type PlanOptions } from './plan/run-plan.js';
export { apartCombinations } from './plan/question-plan.js';
export { runSuite, type RunOptions, type RunStage, type RunSummary } from './run/runner.js';
export { ConsoleReporter, resultTable, type ReporterOutput } from './session/console-reporter.js';
export { collectEnvironment, collectGitState } from './report/environment.js';
export { runCli, type CliExtensions } from './cli/cli-program.js';
export {
  defineCommand,
  type CliCommand,
  type CliCommandInput,
  type CliCommandOperand,
  type CliCommandOption,
} from './cli/cli-command.js';
// Comparing a baseline and a candidate: pure statistics and renderers (the `compare` command's core).
export * from './compare/index.js';
export {
  combineHistograms,
  HISTOGRAM_PERCENTILES,
  LatencyHistogram,
  summarizeHistogram,
  type HistogramSample,
  type HistogramSummary,
} from './stats/histogram.js';
export { histogramPercentileForks, histogramSummaryRecord } from './report/result-histograms.js';
