/**
 * The statistics on simulated data with known truth (issue: "What it must show"): within-fork CV
 * 1%, fork-to-fork CV 3%, 5 iterations per fork, seeded so every run sees the same numbers.
 * Simulations use fewer bootstrap resamples than the default to stay fast; one test runs the defaults.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FORKS_PER_SIDE } from './adaptive-sampling.js';
import { compareResults, DEFAULT_RESAMPLES } from './compare-results.js';
import type { Comparison, ResultInput } from './model.js';
import { seededRandom } from './random.js';
import {
  REFERENCE_NOISE,
  simulateAdaptive,
  simulateFork,
  simulatePair,
  type SimulatedResult,
} from './simulation.js';

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
      const outcome = simulateAdaptive(results, {
        maxForksPerSide: 10,
        compare: { resamples: SIMULATION_RESAMPLES },
      });
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

/**
 * Fork pairs that took turns (duets): a drift shared by both forks of a pair (6%, the machine moving
 * between rounds) on top of each fork's own noise (2% between forks, 1% within).
 */
const DRIFTING = { forkCv: 0.02, iterationCv: 0.01, iterationsPerFork: 5, pairCv: 0.06 } as const;

/** A comparison of 20 results at `pairs` fork pairs, the first `shifted` `ratio` slower; rounds recorded or not. */
function pairedComparison(
  random: () => number,
  index: number,
  options: { pairs: number; ratio: number; shifted: number; rounds: boolean },
): Comparison {
  const results = Array.from({ length: RESULTS_PER_COMPARISON }, (_, result): ResultInput => {
    const candidateMean = result < options.shifted ? TRUE_MEAN * options.ratio : TRUE_MEAN;
    const pairs = Array.from({ length: options.pairs }, () =>
      simulatePair({ baseline: TRUE_MEAN, candidate: candidateMean }, DRIFTING, random),
    );
    const rounds = pairs.map((_, pair) => `round-${pair}`);
    return {
      identity: identity(index, result),
      unit: 'ms/op',
      higherIsBetter: false,
      baseline: pairs.map((pair) => pair.baseline),
      candidate: pairs.map((pair) => pair.candidate),
      ...(options.rounds ? { rounds: { baseline: rounds, candidate: rounds } } : {}),
    };
  });
  return compareResults({ results }, { resamples: SIMULATION_RESAMPLES });
}

describe('statistics on simulated fork pairs (duets)', () => {
  it('calls changes in at most 5% of results over 500 A/A comparisons at 3 and at 10 pairs', () => {
    const random = seededRandom(11);
    for (const pairs of [3, 10]) {
      const comparisons = Array.from({ length: 500 }, (_, index) =>
        pairedComparison(random, index, { pairs, ratio: 1, shifted: 0, rounds: true }),
      );
      expect(calledShare(comparisons, () => true)).toBeLessThanOrEqual(0.05);
      expect(comparisons.every((comparison) => comparison.results.every((r) => r.level === 'paired'))).toBe(
        true,
      );
      expect(comparisons[0]?.results[0]?.pairs).toBe(pairs);
    }
  });

  it('covers the true ratio about 95% of the time at 3 and at 6 pairs', () => {
    const random = seededRandom(12);
    for (const pairs of [3, 6]) {
      const comparisons = Array.from({ length: 100 }, (_, index) =>
        pairedComparison(random, index, { pairs, ratio: 1.1, shifted: 10, rounds: true }),
      );
      const intervals = comparisons.flatMap((comparison) =>
        comparison.results.map((result, index) => ({
          truth: index < 10 ? 1.1 : 1,
          interval: result.ratioInterval,
        })),
      );
      const covered = intervals.filter(({ truth, interval }) => interval[0] <= truth && truth <= interval[1]);
      expect(covered.length / intervals.length).toBeGreaterThan(0.92);
      expect(covered.length / intervals.length).toBeLessThan(0.98);
    }
  });

  it('gives narrower intervals than the same forks compared unpaired when the machine drifts between rounds', () => {
    const width = (comparison: Comparison): number[] =>
      comparison.results.map((result) => Math.log(result.ratioInterval[1] / result.ratioInterval[0]));
    // The same seed draws the same forks; only whether their rounds are recorded differs.
    const paired = Array.from({ length: 20 }, (_, index) =>
      pairedComparison(seededRandom(100 + index), index, { pairs: 6, ratio: 1, shifted: 0, rounds: true }),
    ).flatMap(width);
    const unpaired = Array.from({ length: 20 }, (_, index) =>
      pairedComparison(seededRandom(100 + index), index, { pairs: 6, ratio: 1, shifted: 0, rounds: false }),
    ).flatMap(width);
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    expect(median(paired) / median(unpaired)).toBeLessThan(0.7);
  });

  it('with adaptive sampling calls a 10% shift in at least 90% of results within the default pairs, and no unshifted one', () => {
    const random = seededRandom(13);
    const comparisons: Comparison[] = [];
    for (let index = 0; index < 30; index += 1) {
      const results: SimulatedResult[] = Array.from({ length: RESULTS_PER_COMPARISON }, (_, result) => {
        const candidateMean = result < 10 ? TRUE_MEAN * 1.1 : TRUE_MEAN;
        // Both forks of a pair see the same drift: drawn once per pair, whichever side runs first.
        const pairs = new Map<number, { baseline: number[]; candidate: number[] }>();
        return {
          result: { identity: identity(index, result), unit: 'ms/op', higherIsBetter: false },
          runFork: (side, pair) => {
            if (!pairs.has(pair))
              pairs.set(
                pair,
                simulatePair({ baseline: TRUE_MEAN, candidate: candidateMean }, DRIFTING, random),
              );
            return pairs.get(pair)![side];
          },
        };
      });
      comparisons.push(
        simulateAdaptive(results, { paired: true, compare: { resamples: SIMULATION_RESAMPLES } }).comparison,
      );
    }
    const allResults = comparisons.flatMap((comparison) => comparison.results);
    expect(allResults.every((result) => result.level === 'paired')).toBe(true);
    expect(Math.max(...allResults.map((result) => result.pairs ?? 0))).toBeLessThanOrEqual(
      DEFAULT_MAX_FORKS_PER_SIDE,
    );
    expect(calledShare(comparisons, (index) => index < 10)).toBeGreaterThanOrEqual(0.9);
    expect(calledShare(comparisons, (index) => index >= 10)).toBeLessThanOrEqual(0.05);
  });

  it('with adaptive sampling up to the default pairs calls at most 5% of unchanged results', () => {
    const random = seededRandom(14);
    const comparisons = Array.from({ length: 30 }, (_, index) => {
      const results: SimulatedResult[] = Array.from({ length: RESULTS_PER_COMPARISON }, (_, result) => {
        const pairs = new Map<number, { baseline: number[]; candidate: number[] }>();
        return {
          result: { identity: identity(index, result), unit: 'ms/op', higherIsBetter: false },
          runFork: (side, pair) => {
            if (!pairs.has(pair))
              pairs.set(pair, simulatePair({ baseline: TRUE_MEAN, candidate: TRUE_MEAN }, DRIFTING, random));
            return pairs.get(pair)![side];
          },
        };
      });
      return simulateAdaptive(results, { paired: true, compare: { resamples: SIMULATION_RESAMPLES } })
        .comparison;
    });
    expect(calledShare(comparisons, () => true)).toBeLessThanOrEqual(0.05);
  });
});
