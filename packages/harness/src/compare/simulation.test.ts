/**
 * The statistics on simulated data with known truth (issue: "What it must show"): within-fork CV
 * 1%, fork-to-fork CV 3%, 5 iterations per fork, seeded so every run sees the same numbers.
 * Simulations use fewer bootstrap resamples than the default to stay fast; one test runs the defaults.
 */
import { describe, expect, it } from 'vitest';
import { compareResults, DEFAULT_RESAMPLES } from './compare-results.js';
import type { Comparison, ResultInput } from './model.js';
import { seededRandom } from './random.js';
import { REFERENCE_NOISE, simulateAdaptive, simulateFork, type SimulatedResult } from './simulation.js';

const SIMULATION_RESAMPLES = 200;
/** A/A verdicts hinge on q first; the interval only matters for the rare significant result. */
const NULL_SIMULATION_RESAMPLES = 100;
const RESULTS_PER_COMPARISON = 20;
const TRUE_MEAN = 100;

function identity(comparison: number, result: number): ResultInput['identity'] {
  return { suite: 'sim', benchmark: `b${result}`, mode: 'avgt', params: { comparison: String(comparison) } };
}

/** A comparison of 20 results at a fixed fork count; the first `shifted` results are `ratio` slower. */
function fixedComparison(
  random: () => number,
  index: number,
  options: { forks: number; ratio: number; shifted: number; resamples?: number },
): Comparison {
  const side = (mean: number): number[][] =>
    Array.from({ length: options.forks }, () => simulateFork(mean, REFERENCE_NOISE, random));
  const results = Array.from({ length: RESULTS_PER_COMPARISON }, (_, result) => ({
    identity: identity(index, result),
    unit: 'ms/op',
    higherIsBetter: false,
    baseline: side(TRUE_MEAN),
    candidate: side(result < options.shifted ? TRUE_MEAN * options.ratio : TRUE_MEAN),
  }));
  return compareResults({ results }, { resamples: options.resamples ?? SIMULATION_RESAMPLES });
}

/** Share of called changes among the results of `comparisons` selected by `pick`. */
function calledShare(comparisons: readonly Comparison[], pick: (index: number) => boolean): number {
  const picked = comparisons.flatMap((comparison) => comparison.results.filter((_, index) => pick(index)));
  return picked.filter((result) => result.verdict !== '~').length / picked.length;
}

describe('statistics on simulated forks', () => {
  it('calls changes in at most 5% of results over 1000 A/A comparisons of 20 results at 3 forks per side', () => {
    const random = seededRandom(1);
    const comparisons = Array.from({ length: 1000 }, (_, index) =>
      fixedComparison(random, index, {
        forks: 3,
        ratio: 1,
        shifted: 0,
        resamples: NULL_SIMULATION_RESAMPLES,
      }),
    );
    const falseCalls = calledShare(comparisons, () => true);
    expect(falseCalls).toBeLessThanOrEqual(0.05);
    // Every result was tested at the fork level: the rate is not low because nothing was compared.
    expect(
      comparisons.every((comparison) => comparison.results.every((result) => result.level === 'fork')),
    ).toBe(true);
  });

  it('calls a 20% shift in at least 90% of results at 3 forks per side, among unshifted ones', () => {
    const random = seededRandom(2);
    // 5 of 20 shifted: Benjamini–Hochberg must find them among 15 unchanged results, not alone.
    const comparisons = Array.from({ length: 200 }, (_, index) =>
      fixedComparison(random, index, { forks: 3, ratio: 1.2, shifted: 5 }),
    );
    expect(calledShare(comparisons, (index) => index < 5)).toBeGreaterThanOrEqual(0.9);
    expect(calledShare(comparisons, (index) => index >= 5)).toBeLessThanOrEqual(0.05);
    const allShifted = Array.from({ length: 100 }, (_, index) =>
      fixedComparison(random, index, { forks: 3, ratio: 1.2, shifted: RESULTS_PER_COMPARISON }),
    );
    expect(calledShare(allShifted, () => true)).toBeGreaterThanOrEqual(0.9);
  });

  it('covers the true ratio about 95% of the time at 3 forks per side', () => {
    const random = seededRandom(3);
    const comparisons = Array.from({ length: 100 }, (_, index) =>
      fixedComparison(random, index, { forks: 3, ratio: 1.1, shifted: 10 }),
    );
    const intervals = comparisons.flatMap((comparison) =>
      comparison.results.map((result, index) => ({
        truth: index < 10 ? 1.1 : 1,
        interval: result.ratioInterval,
      })),
    );
    const covered = intervals.filter(({ truth, interval }) => interval[0] <= truth && truth <= interval[1]);
    const coverage = covered.length / intervals.length;
    // A plain percentile bootstrap of 3 forks covers about 80%; the widening must bring it to ~95%.
    expect(coverage).toBeGreaterThan(0.91);
    expect(coverage).toBeLessThan(0.99);
  });

  it('with adaptive sampling calls a 10% shift in at least 90% of results using at most 10 forks per side', () => {
    const random = seededRandom(4);
    const comparisons: Comparison[] = [];
    let rounds = 0;
    for (let index = 0; index < 40; index += 1) {
      // Half the results shifted by 10%, half unchanged, as a real pull request mixes them.
      const results: SimulatedResult[] = Array.from({ length: RESULTS_PER_COMPARISON }, (_, result) => ({
        result: { identity: identity(index, result), unit: 'ms/op', higherIsBetter: false },
        runFork: (side) =>
          simulateFork(
            side === 'candidate' && result < 10 ? TRUE_MEAN * 1.1 : TRUE_MEAN,
            REFERENCE_NOISE,
            random,
          ),
      }));
      const outcome = simulateAdaptive(results, { compare: { resamples: SIMULATION_RESAMPLES } });
      comparisons.push(outcome.comparison);
      rounds += outcome.rounds;
    }
    const allResults = comparisons.flatMap((comparison) => comparison.results);
    expect(Math.max(...allResults.map((result) => result.baselineSize.forks))).toBeLessThanOrEqual(10);
    expect(Math.max(...allResults.map((result) => result.candidateSize.forks))).toBeLessThanOrEqual(10);
    expect(calledShare(comparisons, (index) => index < 10)).toBeGreaterThanOrEqual(0.9);
    expect(calledShare(comparisons, (index) => index >= 10)).toBeLessThanOrEqual(0.05);
    // It did sample adaptively: more than the initial round, fewer forks than the limit on average.
    expect(rounds / comparisons.length).toBeGreaterThan(1);
    const meanForks =
      allResults.reduce((sum, result) => sum + result.baselineSize.forks, 0) / allResults.length;
    expect(meanForks).toBeGreaterThan(3);
    expect(meanForks).toBeLessThan(10);
  });

  it('behaves the same with the default number of resamples', () => {
    const random = seededRandom(5);
    const comparisons = Array.from({ length: 10 }, (_, index) =>
      fixedComparison(random, index, { forks: 3, ratio: 1.2, shifted: 10, resamples: DEFAULT_RESAMPLES }),
    );
    expect(comparisons[0]?.settings.resamples).toBe(DEFAULT_RESAMPLES);
    expect(calledShare(comparisons, (index) => index < 10)).toBeGreaterThanOrEqual(0.9);
    expect(calledShare(comparisons, (index) => index >= 10)).toBeLessThanOrEqual(0.05);
  });
});
