/**
 * `@dbbench/harness/compare`: comparing a baseline and a candidate — the pure statistics (hierarchical
 * bootstrap, fork-level t-test, Benjamini–Hochberg, verdicts, exact counters) and the renderers. No
 * I/O, so the docs generator uses it without loading the runner.
 */
export * from './model.js';
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
} from './compare-results.js';
export {
  bootstrapLogRatios,
  hierarchicalBootstrap,
  meanOfForkMeans,
  resampleMean,
  smallSampleSpread,
  studentScale,
  type BootstrapOptions,
  type RatioEstimate,
} from './bootstrap.js';
export { pooledTTest, twoSampleTTest, welchTTest, type TTestResult } from './t-test.js';
export { benjaminiHochberg } from './false-discovery.js';
export {
  intervalPosition,
  isNoisyRatio,
  verdictOf,
  type IntervalPosition,
  type VerdictInput,
} from './verdict.js';
export { COUNTER_TOLERANCE, compareWorkCounters } from './work-counters.js';
export { costRatio, suiteGeomeans } from './geomean.js';
export {
  DEFAULT_MAX_FORKS_PER_SIDE,
  planNextForks,
  resolutionOf,
  type Resolution,
  type SamplingDecision,
} from './adaptive-sampling.js';
export {
  REFERENCE_NOISE,
  simulateAdaptive,
  simulateFork,
  type AdaptiveOptions,
  type AdaptiveOutcome,
  type NoiseModel,
  type SimulatedResult,
} from './simulation.js';
export { hashString, seededRandom, standardNormal } from './random.js';
export {
  calledChangesBySize,
  counterChangeLine,
  formatInterval,
  formatProbability,
  formatRatio,
  formatSizes,
  isCalled,
  resultLabel,
  verdictCell,
  verdictCounts,
} from './format.js';
export { identityOf, pairReports, type PairOptions } from './report-pairs.js';
export { renderMarkdown, type MarkdownOptions } from './render-markdown.js';
export { comparisonJson, renderJson, type ComparisonJson, type ResultJson } from './render-json.js';
export { renderConsole, type ConsoleOptions } from './render-console.js';
export {
  FORK_CONFIDENCE,
  forkInterval,
  forkMeans,
  forkVariation,
  isNoisyForks,
  MIN_FORKS_FOR_INTERVAL,
  NOISY_FORK_CV,
  type ForkInterval,
} from './fork-statistics.js';
export {
  ANSWER_THRESHOLD,
  answerEstimate,
  answerOutcome,
  equivalenceBand,
  LOOK_CONFIDENCE,
  MAX_ESTIMATED_PAIRS,
  MAX_PAIRS_PER_LINE,
  morePairsNeeded,
  pairedForkMeans,
  type AnswerEstimate,
  type AnswerEstimateOptions,
  type AnswerMethod,
  type AnswerOutcome,
  type AssumedSpread,
  type ForkSeries,
} from './answer-statistics.js';
export {
  perPoints,
  questionLines,
  sideMatches,
  type QuestionItem,
  type QuestionLine,
} from '../plan/question-lines.js';
export {
  answerLine,
  answerLines,
  bestResult,
  seriesScore,
  spreadGroup,
  type LineAnswer,
  type LineSides,
  type SideResult,
} from '../run/line-answer.js';
export {
  fitSpreadPrior,
  fitSpreadPriors,
  MAX_PRIOR_DEGREES_OF_FREEDOM,
  MIN_LINES_FOR_PRIOR,
  moderatedVariance,
  type SpreadPrior,
} from './spread-prior.js';
