/**
 * The ratio of means candidate / baseline with a confidence interval from a two-level (hierarchical)
 * bootstrap, after Kalibera & Jones: each resample draws forks with replacement, then iterations with
 * replacement within each drawn fork, so both fork-to-fork and iteration-to-iteration noise enter
 * the interval in their real proportions.
 *
 * With a handful of forks a plain percentile bootstrap is too narrow: the spread of a resampled mean
 * of n forks is √((n − 1)/n) of the real one, and a normal-shaped percentile ignores that the spread
 * itself was estimated from n forks. Two corrections, both vanishing as forks grow, restore the
 * stated coverage (checked by simulation in the tests): each side's resampled log mean is spread by
 * √(n/(n − 1)) around its observed value, and the percentile distances from the observed log ratio
 * are scaled by t(ν)/z, ν being the Welch degrees of freedom of the fork-level test.
 */
import { normalQuantile, tQuantile } from '../stats/distributions.js';
import { percentileOfSorted } from '../stats/statistics.js';
import type { ForkScores } from './model.js';
import { randomIndex, seededRandom } from './random.js';

/** How to bootstrap. */
export interface BootstrapOptions {
  readonly resamples: number;
  readonly seed: number;
  /** Two-sided confidence level, e.g. 0.95. */
  readonly confidence: number;
  /**
   * Degrees of freedom for the small-sample widening (the fork-level test's); omit for the plain
   * percentile interval.
   */
  readonly degreesOfFreedom?: number;
}

/** A ratio with its interval. */
export interface RatioEstimate {
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
}

/** Mean of the fork means: every fork weighs the same, because the fork is the unit. */
export function meanOfForkMeans(forks: ForkScores): number {
  let sum = 0;
  for (const fork of forks) {
    let forkSum = 0;
    for (const value of fork) forkSum += value;
    sum += forkSum / fork.length;
  }
  return sum / forks.length;
}

/** One resample of a side: draw forks with replacement, then iterations with replacement in each. */
export function resampleMean(forks: ForkScores, random: () => number): number {
  let sum = 0;
  for (let draw = 0; draw < forks.length; draw += 1) {
    const fork = forks[randomIndex(random, forks.length)] as readonly number[];
    let forkSum = 0;
    for (let pick = 0; pick < fork.length; pick += 1)
      forkSum += fork[randomIndex(random, fork.length)] as number;
    sum += forkSum / fork.length;
  }
  return sum / forks.length;
}

/**
 * The bootstrap distribution of log(candidate mean / baseline mean), sorted ascending, each side's
 * resampled log mean spread by `spread[side]` around its observed value (1 = plain bootstrap).
 */
export function bootstrapLogRatios(
  baseline: ForkScores,
  candidate: ForkScores,
  options: { readonly resamples: number; readonly seed: number; readonly spread?: readonly [number, number] },
): Float64Array {
  const random = seededRandom(options.seed);
  const [baselineSpread, candidateSpread] = options.spread ?? [1, 1];
  const baselineLog = Math.log(meanOfForkMeans(baseline));
  const candidateLog = Math.log(meanOfForkMeans(candidate));
  const logRatios = new Float64Array(options.resamples);
  for (let index = 0; index < options.resamples; index += 1) {
    const baselineDraw =
      baselineLog + baselineSpread * (Math.log(resampleMean(baseline, random)) - baselineLog);
    const candidateDraw =
      candidateLog + candidateSpread * (Math.log(resampleMean(candidate, random)) - candidateLog);
    logRatios[index] = candidateDraw - baselineDraw;
  }
  return logRatios.sort();
}

/**
 * Ratio of means candidate / baseline and its confidence interval from the hierarchical bootstrap.
 * With `degreesOfFreedom` the interval is widened for few forks (see the file comment); a side with
 * a single fork is resampled at the iteration level only, and its n is its iteration count.
 */
export function hierarchicalBootstrap(
  baseline: ForkScores,
  candidate: ForkScores,
  options: BootstrapOptions,
): RatioEstimate {
  const observed = Math.log(meanOfForkMeans(candidate)) - Math.log(meanOfForkMeans(baseline));
  const degreesOfFreedom = options.degreesOfFreedom;
  const widen = degreesOfFreedom !== undefined && Number.isFinite(degreesOfFreedom);
  const spread: [number, number] = widen
    ? [smallSampleSpread(baseline), smallSampleSpread(candidate)]
    : [1, 1];
  const logRatios = bootstrapLogRatios(baseline, candidate, { ...options, spread });
  const tail = (1 - options.confidence) / 2;
  const scale = widen ? studentScale(1 - tail, degreesOfFreedom) : 1;
  const quantile = (p: number): number =>
    observed + scale * (percentileOfSorted(logRatios, p * 100) - observed);
  return { ratio: Math.exp(observed), low: Math.exp(quantile(tail)), high: Math.exp(quantile(1 - tail)) };
}

/** √(n/(n − 1)) for a side's top-level units: forks, or iterations when there is a single fork. */
export function smallSampleSpread(forks: ForkScores): number {
  const units = forks.length > 1 ? forks.length : (forks[0]?.length ?? 0);
  return units > 1 ? Math.sqrt(units / (units - 1)) : 1;
}

/** t(p, ν) / z(p): how much wider a Student interval is than a normal one at this level. */
export function studentScale(probability: number, degreesOfFreedom: number): number {
  return tQuantile(probability, degreesOfFreedom) / normalQuantile(probability, 0, 1);
}
