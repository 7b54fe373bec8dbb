/**
 * A spread shared by the lines of one benchmark: the empirical-Bayes moderated variance of Smyth
 * (2004, "Linear models and empirical Bayes methods for assessing differential expression", the
 * method of limma). Each paired line estimates the spread of its log fork-mean ratios from only its
 * own few pairs — 3 pairs give 2 degrees of freedom, a t quantile of 4.30 at 95%, and a spread known
 * to within a factor of about 3. Yet the lines of one benchmark are measured by the same code on the
 * same server in the same run, and their spreads are alike (measured here on the committed reports:
 * the job's lines fit a prior worth 5 to infinitely many degrees of freedom, contention's 60 or more,
 * the single queries' about 2). The prior is fitted to the lines' own variances (a scaled inverse
 * χ² whose degrees of freedom d0 say how alike they are: near 0 when they differ, large when
 * they agree), and each line's variance is moderated towards it:
 *
 *     s̃² = (d0·s0² + d·s²) / (d0 + d),  Student t at d0 + d degrees of freedom.
 *
 * When the lines differ, d0 is small and a line keeps its own spread; d0 is capped at
 * {@link MAX_PRIOR_DEGREES_OF_FREEDOM} so the prior never outweighs what a line has measured by
 * more than a run of a dozen pairs would, and at what the group's own estimate of s0² is worth
 * (few lines of few pairs know it only roughly); a group of fewer than {@link MIN_LINES_FOR_PRIOR}
 * lines fits none. The interval keeps its coverage when the lines' variances are drawn from one
 * distribution (the model), and nearly so when they spread over a decade (`spread-prior.test.ts`
 * simulates both).
 */
import { digamma, trigamma } from '../stats/distributions.js';
import { mean, stdev } from '../stats/statistics.js';

/** Most degrees of freedom a prior lends a line. */
export const MAX_PRIOR_DEGREES_OF_FREEDOM = 10;
/** Fewest lines with a spread that a prior is fitted from. */
export const MIN_LINES_FOR_PRIOR = 4;

/** A fitted prior: the variance s0² of a log ratio per pair, worth `degreesOfFreedom` (d0). */
export interface SpreadPrior {
  readonly variance: number;
  readonly degreesOfFreedom: number;
  /** Lines it was fitted from. */
  readonly lines: number;
}

/** One line's own variance estimate and its degrees of freedom. */
export interface VarianceSample {
  readonly variance: number;
  readonly degreesOfFreedom: number;
}

/**
 * The y > 0 with ψ′(y) = x (ψ′ falls from +∞ to 0), by bisection on log y: 200 halvings of
 * [1e-12, 1e12] reach double precision.
 */
function trigammaInverse(x: number): number {
  let low = Math.log(1e-12);
  let high = Math.log(1e12);
  for (let step = 0; step < 200; step += 1) {
    const middle = (low + high) / 2;
    if (trigamma(Math.exp(middle)) > x) low = middle;
    else high = middle;
  }
  return Math.exp((low + high) / 2);
}

/**
 * The prior of a group of lines' variances by the method of moments on log variances (Smyth's
 * `fitFDist`): the mean of log s² less its bias gives s0², its excess variance over the sampling
 * variance ψ′(d/2) gives d0. Undefined with fewer than {@link MIN_LINES_FOR_PRIOR} usable samples
 * (a positive, finite variance with at least 1 degree of freedom).
 */
export function fitSpreadPrior(samples: readonly VarianceSample[]): SpreadPrior | undefined {
  const usable = samples.filter(
    (sample) => sample.variance > 0 && Number.isFinite(sample.variance) && sample.degreesOfFreedom >= 1,
  );
  if (usable.length < MIN_LINES_FOR_PRIOR) return undefined;
  const corrected = usable.map(
    ({ variance, degreesOfFreedom: d }) => Math.log(variance) - digamma(d / 2) + Math.log(d / 2),
  );
  const center = mean(corrected);
  const excess = stdev(corrected) ** 2 - mean(usable.map(({ degreesOfFreedom: d }) => trigamma(d / 2)));
  // No excess: the lines agree more than their sampling allows, the prior is (nearly) certain.
  const fitted = excess > 0 ? 2 * trigammaInverse(excess) : Number.POSITIVE_INFINITY;
  const variance = Number.isFinite(fitted)
    ? Math.exp(center + digamma(fitted / 2) - Math.log(fitted / 2))
    : Math.exp(center);
  return {
    variance,
    degreesOfFreedom: Math.min(fitted, MAX_PRIOR_DEGREES_OF_FREEDOM, scaleDegreesOfFreedom(usable)),
    lines: usable.length,
  };
}

/**
 * What the prior's own scale s0² is worth, in degrees of freedom: it is estimated from the mean of
 * the lines' log variances, whose sampling variance is at least Σψ′(d/2)/G², and a variance worth k
 * degrees of freedom has a log with variance about 2/k. Without this cap, a small group of lines of
 * one degree of freedom each (two pairs) — whose log variances scatter so widely that d0 cannot be
 * told from infinity — lent the full {@link MAX_PRIOR_DEGREES_OF_FREEDOM} to a scale known only to a
 * factor of two: groups of 8 lines of 2 pairs covered 92.5%, with the cap 94% (`spread-prior.test.ts`).
 */
function scaleDegreesOfFreedom(samples: readonly VarianceSample[]): number {
  const sampling = samples.reduce((sum, { degreesOfFreedom: d }) => sum + trigamma(d / 2), 0);
  return (2 * samples.length ** 2) / sampling;
}

/** A line's variance moderated by a prior, and the degrees of freedom of its t. */
export function moderatedVariance(own: VarianceSample, prior: SpreadPrior | undefined): VarianceSample {
  if (prior === undefined) return own;
  const d0 = prior.degreesOfFreedom;
  const d = own.degreesOfFreedom;
  return {
    variance: (d0 * prior.variance + d * own.variance) / (d0 + d),
    degreesOfFreedom: d0 + d,
  };
}

/** A spread sample keyed by the group (a suite's benchmark and metric) whose prior it feeds. */
export interface GroupedSample extends VarianceSample {
  readonly group: string;
}

/** The prior of every group with enough lines. */
export function fitSpreadPriors(samples: Iterable<GroupedSample>): Map<string, SpreadPrior> {
  const byGroup = new Map<string, VarianceSample[]>();
  for (const sample of samples) {
    const group = byGroup.get(sample.group) ?? [];
    group.push(sample);
    byGroup.set(sample.group, group);
  }
  const priors = new Map<string, SpreadPrior>();
  for (const [group, members] of byGroup) {
    const prior = fitSpreadPrior(members);
    if (prior !== undefined) priors.set(group, prior);
  }
  return priors;
}
