import { describe, expect, it } from 'vitest';
import { answerLines, type LineSides } from '../run/line-answer.js';
import { stdev } from '../stats/statistics.js';
import { answerEstimate, LOOK_CONFIDENCE, type ForkSeries } from './answer-statistics.js';
import { seededRandom, standardNormal } from './random.js';
import {
  fitSpreadPrior,
  MAX_PRIOR_DEGREES_OF_FREEDOM,
  MIN_LINES_FOR_PRIOR,
  moderatedVariance,
  type VarianceSample,
} from './spread-prior.js';

/** A χ² variate with `degrees` (an integer) degrees of freedom. */
function chiSquare(random: () => number, degrees: number): number {
  let sum = 0;
  for (let index = 0; index < degrees; index += 1) sum += standardNormal(random) ** 2;
  return sum;
}

/** The sample variance of `count` normal values of variance `variance`. */
function sampleVariance(random: () => number, variance: number, count: number): number {
  return stdev(Array.from({ length: count }, () => Math.sqrt(variance) * standardNormal(random))) ** 2;
}

/** One side per round: fork means that drift together from round to round, `ratios` apart. */
function pairedLine(random: () => number, ratio: number, spread: number, pairs: number): LineSides<number> {
  const baseline: number[] = [];
  const candidate: number[] = [];
  for (let round = 0; round < pairs; round += 1) {
    const drift = Math.exp(0.2 * standardNormal(random));
    baseline.push(100 * drift);
    candidate.push(100 * drift * ratio * Math.exp(spread * standardNormal(random)));
  }
  const series = (values: readonly number[]): ForkSeries => ({
    rawData: values.map((value) => [value]),
    rounds: values.map((_, index) => `r${index}`),
  });
  return {
    baseline: [{ item: 0, series: series(baseline), higherIsBetter: false }],
    candidate: [{ item: 1, series: series(candidate), higherIsBetter: false }],
  };
}

/**
 * Coverage and mean width (on the log scale) of the lines' intervals at the level of one look
 * (`LOOK_CONFIDENCE`, as the run and the pages form them), with the spread shared in groups of
 * `groupSize` lines and alone; each line's true spread from `spreadOf`.
 */
function simulate(
  spreadOf: (random: () => number) => number,
  { lines = 2400, groupSize = 8, pairs = 3, seed = 7 } = {},
): { shared: { coverage: number; width: number }; alone: { coverage: number; width: number } } {
  const random = seededRandom(seed);
  const tally = { shared: { covered: 0, width: 0 }, alone: { covered: 0, width: 0 } };
  for (let start = 0; start < lines; start += groupSize) {
    const truths = Array.from({ length: groupSize }, () => Math.exp(0.5 * standardNormal(random)));
    const group = truths.map((ratio) => pairedLine(random, ratio, spreadOf(random), pairs));
    const shared = answerLines(group, () => 'one benchmark');
    group.forEach((line, index) => {
      const truth = truths[index] as number;
      const alone = answerEstimate(line.baseline[0]!.series, line.candidate[0]!.series, {
        confidence: LOOK_CONFIDENCE,
      });
      for (const [which, estimate] of [
        ['shared', shared[index]?.estimate],
        ['alone', alone],
      ] as const) {
        if (estimate === undefined) throw new Error('a line without an estimate');
        if (estimate.low <= truth && truth <= estimate.high) tally[which].covered += 1;
        tally[which].width += Math.log(estimate.high / estimate.low);
      }
    });
  }
  const summary = (which: 'shared' | 'alone') => ({
    coverage: tally[which].covered / lines,
    width: tally[which].width / lines,
  });
  return { shared: summary('shared'), alone: summary('alone') };
}

describe('spread prior', () => {
  it('recovers the prior the variances were drawn from', () => {
    // True variances from a scaled inverse χ² with d0 = 6 around 0.01; each line measures its own
    // from 3 pairs (2 degrees of freedom).
    const random = seededRandom(11);
    const samples: VarianceSample[] = Array.from({ length: 600 }, () => {
      const truth = (6 * 0.01) / chiSquare(random, 6);
      return { variance: sampleVariance(random, truth, 3), degreesOfFreedom: 2 };
    });
    const prior = fitSpreadPrior(samples);
    expect(prior?.lines).toBe(600);
    expect(prior?.variance).toBeGreaterThan(0.007);
    expect(prior?.variance).toBeLessThan(0.014);
    expect(prior?.degreesOfFreedom).toBeGreaterThan(3);
    expect(prior?.degreesOfFreedom).toBeLessThanOrEqual(MAX_PRIOR_DEGREES_OF_FREEDOM);
  });

  it('lends the most it may when every line has the same spread, and nothing from too few lines', () => {
    const random = seededRandom(5);
    const same = Array.from({ length: 200 }, () => ({
      variance: sampleVariance(random, 0.004, 3),
      degreesOfFreedom: 2,
    }));
    const prior = fitSpreadPrior(same);
    expect(prior?.degreesOfFreedom).toBe(MAX_PRIOR_DEGREES_OF_FREEDOM);
    expect(prior?.variance).toBeGreaterThan(0.003);
    expect(prior?.variance).toBeLessThan(0.005);
    expect(fitSpreadPrior(same.slice(0, MIN_LINES_FOR_PRIOR - 1))).toBeUndefined();
    // Variances of 0 (identical forks) say nothing about the spread and are left out.
    expect(fitSpreadPrior([...same.slice(0, 3), { variance: 0, degreesOfFreedom: 2 }])).toBeUndefined();
  });

  it('moderates a variance towards the prior by their degrees of freedom', () => {
    const prior = { variance: 0.01, degreesOfFreedom: 6, lines: 10 };
    expect(moderatedVariance({ variance: 0.05, degreesOfFreedom: 2 }, prior)).toEqual({
      variance: (6 * 0.01 + 2 * 0.05) / 8,
      degreesOfFreedom: 8,
    });
    expect(moderatedVariance({ variance: 0.05, degreesOfFreedom: 2 }, undefined)).toEqual({
      variance: 0.05,
      degreesOfFreedom: 2,
    });
  });

  it('keeps the coverage of its level (99% a look) under the model and narrows the intervals', () => {
    const { shared, alone } = simulate((random) => Math.sqrt((6 * 0.01) / chiSquare(random, 6)));
    // Measured: 0.985 shared, 0.991 alone.
    expect(shared.coverage).toBeGreaterThan(0.975);
    expect(alone.coverage).toBeGreaterThan(0.975);
    // At 3 pairs a line alone has t(2) = 9.92 at 99%; shared, t near 3.1: intervals less than half as wide.
    expect(shared.width).toBeLessThan(0.5 * alone.width);
  });

  it('keeps that coverage at 2 pairs, the first pass of a questioned combination', () => {
    // Each line alone has 1 degree of freedom (no t-interval); the group's prior carries it.
    const { shared } = simulate((random) => Math.sqrt((6 * 0.01) / chiSquare(random, 6)), { pairs: 2 });
    // Measured: 0.990 at 99% (0.940 at 95%; 0.925 before the prior's weight was capped at what its
    // scale is worth).
    expect(shared.coverage).toBeGreaterThan(0.975);
    expect(shared.coverage).toBeLessThan(0.997);
  });

  it('keeps nearly that coverage when the lines of a group spread over a decade of variance', () => {
    const { shared } = simulate((random) => 0.05 * Math.exp(0.5 * Math.log(10) * random()));
    // Measured: 0.986.
    expect(shared.coverage).toBeGreaterThan(0.97);
  });

  it('gives an interval from 2 pairs when the group lends a spread, and none alone', () => {
    const random = seededRandom(3);
    const group = Array.from({ length: 6 }, (_, index) =>
      pairedLine(random, 1 + index, 0.05, index < 5 ? 3 : 2),
    );
    const answers = answerLines(group, () => 'one benchmark');
    expect(answers[5]?.estimate.method).toBe('paired');
    expect(answers[5]?.estimate.n).toBe(2);
    expect(answers[5]?.estimate.priorDegreesOfFreedom).toBeGreaterThan(0);
    expect(answerEstimate(group[5]!.baseline[0]!.series, group[5]!.candidate[0]!.series)?.method).toBe(
      'range',
    );
    // Lines kept out of any group answer alone.
    const apart = answerLines(group, () => undefined);
    expect(apart[5]?.estimate.method).toBe('range');
    expect(apart[0]?.estimate.priorDegreesOfFreedom).toBe(0);
  });
});
