/**
 * Compares every result of a baseline and a candidate: per result the ratio with its interval and a
 * p-value (over the fork pairs that took turns in shared rounds: a paired t on their log ratios;
 * else the ratio of means with a hierarchical-bootstrap interval and a fork-level t-test),
 * Benjamini–Hochberg across all results, the verdict, exact counter changes, and a geometric mean
 * per suite. Pure: same input, same output.
 */
import { meanOfForkMeans, hierarchicalBootstrap } from './bootstrap.js';
import { benjaminiHochberg } from './false-discovery.js';
import { suiteGeomeans } from './geomean.js';
import {
  identityKey,
  type Comparison,
  type ComparisonInput,
  type ComparisonSettings,
  type ForkScores,
  type ResultComparison,
  type ResultInput,
  type StatisticalLevel,
} from './model.js';
import { hashString } from './random.js';
import { isNoisyRatio, verdictOf } from './verdict.js';
import { compareWorkCounters } from './work-counters.js';
import { pairedTTest, twoSampleTTest } from './t-test.js';
import { pairedLogRatios } from './answer-statistics.js';
import { MIN_FORKS_FOR_INTERVAL } from './fork-statistics.js';
import { confidenceInterval, mean } from '../stats/statistics.js';

/** A change smaller than this (either way) is not called, however significant. */
export const DEFAULT_NOISE_THRESHOLD = 0.05;
/** Benjamini–Hochberg false discovery rate. */
export const DEFAULT_FALSE_DISCOVERY_RATE = 0.05;
/** Confidence level of the ratio intervals. */
export const DEFAULT_CONFIDENCE = 0.95;
/** Bootstrap resamples per result: enough for stable 2.5% / 97.5% percentiles. */
export const DEFAULT_RESAMPLES = 4000;
/** An interval wider than ± this fraction of the ratio marks the result noisy. */
export const DEFAULT_NOISY_HALF_WIDTH = 0.25;

/** Options of {@link compareResults}; every field defaults to the constants above. */
export type CompareOptions = Partial<ComparisonSettings>;

/** The settings with every default applied. */
export function compareDefaults(options: CompareOptions = {}): ComparisonSettings {
  return {
    noiseThreshold: options.noiseThreshold ?? DEFAULT_NOISE_THRESHOLD,
    falseDiscoveryRate: options.falseDiscoveryRate ?? DEFAULT_FALSE_DISCOVERY_RATE,
    confidence: options.confidence ?? DEFAULT_CONFIDENCE,
    resamples: options.resamples ?? DEFAULT_RESAMPLES,
    noisyHalfWidth: options.noisyHalfWidth ?? DEFAULT_NOISY_HALF_WIDTH,
  };
}

/** Label of a result compared at the iteration level because a side has a single fork. */
export const SINGLE_FORK_NOTE = 'single fork: interval underestimates run-to-run noise';

/** What a paired result's ratio, interval and p come from, for the renderers' footnotes. */
export const PAIRED_NOTE =
  "paired where 3 or more fork pairs each took turns in one round (duets): ratio, interval and p from the pairs' log ratios (Student t, n − 1 df)";

/** A result before the correction: everything but q and the verdict. */
type Tested = Omit<ResultComparison, 'qValue' | 'verdict' | 'noisy'>;

function usableForks(scores: ForkScores): number[][] {
  return scores.map((fork) => fork.filter(Number.isFinite)).filter((fork) => fork.length > 0);
}

/** Why a result cannot be compared, or undefined when it can. */
function unusableReason(baseline: number[][], candidate: number[][]): string | undefined {
  if (baseline.length === 0) return 'no baseline scores';
  if (candidate.length === 0) return 'no candidate scores';
  const all = [...baseline.flat(), ...candidate.flat()];
  if (all.some((value) => !(value > 0))) return 'scores must be positive to form a ratio';
  const singleFork = baseline.length === 1 || candidate.length === 1;
  if (singleFork && (baseline.flat().length < 2 || candidate.flat().length < 2))
    return 'a single fork with fewer than 2 iterations on one side';
  return undefined;
}

/**
 * The log ratios of the fork pairs that shared a round (took turns in it), when there are at least
 * {@link MIN_FORKS_FOR_INTERVAL}; undefined otherwise (no rounds recorded, or too few shared).
 */
function pairedDifferences(result: ResultInput): number[] | undefined {
  if (result.rounds === undefined) return undefined;
  const paired = pairedLogRatios(
    { rawData: result.baseline, rounds: result.rounds.baseline },
    { rawData: result.candidate, rounds: result.rounds.candidate },
  );
  if (paired === undefined || paired.differences.length < MIN_FORKS_FOR_INTERVAL) return undefined;
  return paired.differences.every(Number.isFinite) ? paired.differences : undefined;
}

/**
 * Tests one result: over its fork pairs when 3+ pairs took turns in shared rounds (the comparison's
 * duets), else at fork level when both sides have 2+ forks, else at iteration level.
 */
function testResult(result: ResultInput, settings: ComparisonSettings): Tested {
  const baselineForks = usableForks(result.baseline);
  const candidateForks = usableForks(result.candidate);
  const differences = pairedDifferences(result);
  const level: StatisticalLevel =
    differences !== undefined
      ? 'paired'
      : baselineForks.length > 1 && candidateForks.length > 1
        ? 'fork'
        : 'iteration';
  const common = {
    identity: result.identity,
    unit: result.unit,
    higherIsBetter: result.higherIsBetter,
    level,
    baselineSize: { forks: baselineForks.length, iterations: baselineForks.flat().length },
    candidateSize: { forks: candidateForks.length, iterations: candidateForks.flat().length },
  };
  const reason = result.unavailable ?? unusableReason(baselineForks, candidateForks);
  if (reason !== undefined) {
    const baselineMean = baselineForks.length > 0 ? meanOfForkMeans(baselineForks) : NaN;
    const candidateMean = candidateForks.length > 0 ? meanOfForkMeans(candidateForks) : NaN;
    const ratio = candidateMean / baselineMean;
    return { ...common, reason, baselineMean, candidateMean, ratio, ratioInterval: [NaN, NaN], pValue: NaN };
  }
  if (level === 'paired' && differences !== undefined) {
    return {
      ...common,
      ...pairedEstimate(differences, settings.confidence),
      baselineMean: meanOfForkMeans(baselineForks),
      candidateMean: meanOfForkMeans(candidateForks),
    };
  }
  // At iteration level each side is one pool of iterations: the bootstrap then resamples iterations.
  const baseline = level === 'fork' ? baselineForks : [baselineForks.flat()];
  const candidate = level === 'fork' ? candidateForks : [candidateForks.flat()];
  const unitMeans = (forks: number[][]): number[] =>
    level === 'fork' ? forks.map((fork) => Math.log(meanOfForkMeans([fork]))) : forks.flat().map(Math.log);
  const test = twoSampleTTest(unitMeans(baseline), unitMeans(candidate));
  const estimate = hierarchicalBootstrap(baseline, candidate, {
    resamples: settings.resamples,
    seed: hashString(identityKey(result.identity)),
    confidence: settings.confidence,
    degreesOfFreedom: test.degreesOfFreedom,
  });
  return {
    ...common,
    baselineMean: meanOfForkMeans(baseline),
    candidateMean: meanOfForkMeans(candidate),
    ratio: estimate.ratio,
    ratioInterval: [estimate.low, estimate.high],
    pValue: test.pValue,
  };
}

/**
 * A paired design's ratio, interval and p-value: the pairs' log ratios, Student t at n − 1 degrees of
 * freedom (the answers' paired method). Drift and a busy neighbour hit both forks of a duet, so they
 * cancel in the pair's ratio instead of widening both sides: on this machine's committed reports a
 * pair's log-ratio spread was a median 0.58–0.76 of what the two sides' fork spreads add up to.
 */
function pairedEstimate(
  differences: readonly number[],
  confidence: number,
): Pick<Tested, 'ratio' | 'ratioInterval' | 'pValue' | 'pairs'> {
  const [low, high] = confidenceInterval(differences, confidence);
  return {
    ratio: Math.exp(mean(differences)),
    ratioInterval: [Math.exp(low), Math.exp(high)],
    pValue: pairedTTest(differences).pValue,
    pairs: differences.length,
  };
}

/**
 * Compares every result: tests each, adjusts the p-values with Benjamini–Hochberg across all of
 * them, and applies the verdict rule (significant after the correction and the whole interval
 * beyond the noise threshold). Results that cannot be compared are "not comparable", with a reason,
 * and do not count in the correction.
 */
export function compareResults(input: ComparisonInput, options: CompareOptions = {}): Comparison {
  const settings = compareDefaults(options);
  const tested = input.results.map((result) => testResult(result, settings));
  const qValues = benjaminiHochberg(tested.map((result) => result.pValue));
  const results = tested.map((result, index): ResultComparison => {
    const qValue = qValues[index] ?? NaN;
    const [low, high] = result.ratioInterval;
    return {
      ...result,
      verdict:
        result.reason === undefined
          ? verdictOf({ low, high, qValue, higherIsBetter: result.higherIsBetter }, settings)
          : 'not comparable',
      qValue,
      noisy: isNoisyRatio(result.ratio, low, high, settings.noisyHalfWidth),
    };
  });
  return {
    settings,
    context: input.context ?? {},
    results,
    counterChanges: input.results.flatMap(compareWorkCounters),
    geomeans: suiteGeomeans(results),
  };
}
