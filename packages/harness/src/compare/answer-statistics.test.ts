import { describe, expect, it } from 'vitest';
import {
  answerEstimate,
  answerOutcome,
  LOOK_CONFIDENCE,
  MAX_PAIRS_PER_LINE,
  morePairsNeeded,
  projectedMorePairs,
  pairedForkMeans,
  type ForkSeries,
} from './answer-statistics.js';
import { FORK_CONFIDENCE, forkInterval, isNoisyForks } from './fork-statistics.js';
import { seededRandom, standardNormal } from './random.js';
import type { SpreadPrior } from './spread-prior.js';

/** A side with one value per fork and the rounds r0, r1, … */
function series(values: readonly number[], rounds = values.map((_, index) => `r${index}`)): ForkSeries {
  return { rawData: values.map((value) => [value, value]), rounds };
}

describe('fork-level intervals', () => {
  it('gives a t-interval from 3 forks, and the range with n below', () => {
    const three = forkInterval([[10], [11], [12]]);
    expect(three?.method).toBe('t');
    expect(three?.score).toBeCloseTo(11);
    // t(0.975, 2) = 4.303, sd 1, n 3: ±2.48.
    expect(three?.high).toBeCloseTo(11 + 4.303 / Math.sqrt(3), 2);
    expect(forkInterval([[10], [12]])).toMatchObject({ method: 'range', low: 10, high: 12, forks: 2 });
    expect(forkInterval([[10, 12]])).toMatchObject({ method: 'single', forks: 1 });
    expect(forkInterval([[]])).toBeUndefined();
  });

  it('calls a result noisy by how much its forks differ, not by a t quantile at 1 degree of freedom', () => {
    // 24.9 s and 22.5 s: CV 7.2%, which a 99.9% t over two values turned into ±770 s.
    expect(isNoisyForks([[24.9], [22.5]])).toBe(false);
    expect(isNoisyForks([[10], [14]])).toBe(true);
  });
});

describe('answer estimates', () => {
  it('pairs the forks of the same round and forgets the drift both sides share', () => {
    // The machine slows by 10% a round; the candidate is always exactly 2× the baseline.
    const baseline = series([100, 110, 121, 133.1]);
    const candidate = series([200, 220, 242, 266.2]);
    const estimate = answerEstimate(baseline, candidate);
    expect(estimate?.method).toBe('paired');
    expect(estimate?.n).toBe(4);
    expect(estimate?.ratio).toBeCloseTo(2, 6);
    expect(estimate?.high).toBeCloseTo(2, 6);
    // Unpaired, the same values give a wide interval: the drift counts as noise.
    const unpaired = answerEstimate({ rawData: baseline.rawData }, { rawData: candidate.rawData });
    expect(unpaired?.method).toBe('unpaired');
    expect((unpaired?.high ?? 0) / (unpaired?.low ?? 1)).toBeGreaterThan(1.2);
  });

  it('pairs only rounds both sides ran', () => {
    const pairs = pairedForkMeans(series([1, 2, 3], ['a', 'b', 'c']), series([4, 5, 6], ['c', 'x', 'a']));
    expect(pairs).toEqual({ baseline: [1, 3], candidate: [6, 4] });
  });

  it('gives no interval from fewer than 3 forks or pairs: a range, undetermined', () => {
    const estimate = answerEstimate(series([100, 104]), series([400, 410]));
    expect(estimate?.method).toBe('range');
    expect(estimate?.low).toBeCloseTo(400 / 104);
    expect(estimate?.high).toBeCloseTo(410 / 100);
    expect(answerOutcome(estimate!)).toBe('undetermined');
    expect(morePairsNeeded(estimate!)).toBe(1);
  });

  it('names the three outcomes by where the interval lies against 1 and ±10%', () => {
    const noise = [1, 1.02, 0.98, 1.01, 0.99];
    const base = [100, 100, 100, 100, 100];
    const decided = answerEstimate(series(base), series(noise.map((value) => 300 * value)))!;
    expect(answerOutcome(decided)).toBe('decided');
    const equivalent = answerEstimate(series(base), series(noise.map((value) => 101 * value)))!;
    expect(answerOutcome(equivalent)).toBe('equivalent');
    expect(morePairsNeeded(equivalent)).toBe(0);
    const wide = [1, 1.3, 0.75, 1.2, 0.85];
    const undetermined = answerEstimate(series(base), series(wide.map((value) => 100 * value)))!;
    expect(undetermined.low).toBeLessThan(1);
    expect(undetermined.high).toBeGreaterThan(1.1);
    expect(answerOutcome(undetermined)).toBe('undetermined');
    const more = morePairsNeeded(undetermined);
    expect(more === undefined || more > 0).toBe(true);
  });

  it('decides a ratio on the threshold once its interval excludes 1, and calls a small known difference the same', () => {
    const base = [100, 100, 100, 100, 100];
    // A true 1.10: its interval straddles the band's edge at any number of pairs, yet excludes 1.
    const onEdge = answerEstimate(series(base), series([110, 108, 112, 109, 111]))!;
    expect(onEdge.low).toBeGreaterThan(1);
    expect(onEdge.low).toBeLessThan(1.1);
    expect(onEdge.high).toBeGreaterThan(1.1);
    expect(answerOutcome(onEdge)).toBe('decided');
    // A true 1.05 measured tightly: different from 1, but confined to the band, so "the same".
    const small = answerEstimate(series(base), series([105, 104, 106, 105, 105]))!;
    expect(small.low).toBeGreaterThan(1);
    expect(answerOutcome(small)).toBe('equivalent');
  });

  it('estimates more pairs from the spread, fewer for a line closer to settling', () => {
    const base = [100, 100, 100];
    const near = answerEstimate(series(base), series([140, 95, 115]))!;
    const far = answerEstimate(series(base), series([160, 80, 125]))!;
    expect(answerOutcome(near)).toBe('undetermined');
    expect(answerOutcome(far)).toBe('undetermined');
    const nearPairs = morePairsNeeded(near);
    const farPairs = morePairsNeeded(far);
    expect(nearPairs).toBeGreaterThan(0);
    expect(farPairs ?? Number.POSITIVE_INFINITY).toBeGreaterThan(nearPairs as number);
    // A ratio of 1 with a wide spread: neither side of the question is within reach.
    const even = answerEstimate(series(base), series([60, 100, 165]))!;
    expect(answerOutcome(even)).toBe('undetermined');
    expect(morePairsNeeded(even)).toBeUndefined();
  });

  it('projects a line without an interval from its ratio: far from 1 it needs only the pairs an interval takes', () => {
    const at = (ratio: number, n = 1): number | undefined =>
      projectedMorePairs({ ratio, logSpread: 0.15, n, priorDegreesOfFreedom: 0, minPairs: 3 });
    // 0.04× or 2.4× from one pair: the two more an interval is formed from settle it.
    expect(at(0.04)).toBe(2);
    expect(at(2.4)).toBe(2);
    // 1.3× needs more than that, 1.02× many more or none within reach.
    expect(at(1.3)).toBeGreaterThan(2);
    expect(at(1.02) ?? Number.POSITIVE_INFINITY).toBeGreaterThan(at(1.3) as number);
    // A shared spread (2 pairs give an interval, with its degrees of freedom) brings it closer.
    expect(
      projectedMorePairs({ ratio: 1.3, logSpread: 0.15, n: 1, priorDegreesOfFreedom: 6, minPairs: 2 }),
    ).toBeLessThan(at(1.3) as number);
    // No spread: the pairs to the fewest that give an interval.
    expect(
      projectedMorePairs({ ratio: 1.5, logSpread: 0, n: 2, priorDegreesOfFreedom: 0, minPairs: 3 }),
    ).toBe(1);
  });

  it('widens the interval of a best-of pick (Bonferroni over the comparisons it chose among)', () => {
    const baseline = series([100, 103, 98, 101]);
    const candidate = series([150, 160, 148, 155]);
    const one = answerEstimate(baseline, candidate)!;
    const six = answerEstimate(baseline, candidate, { comparisons: 6 })!;
    expect(six.ratio).toBeCloseTo(one.ratio);
    expect(six.high - six.low).toBeGreaterThan(one.high - one.low);
  });

  it('refuses values that cannot form a ratio', () => {
    expect(answerEstimate(series([0, 1, 2]), series([1, 2, 3]))).toBeUndefined();
    expect(answerEstimate({ rawData: [] }, series([1, 2, 3]))).toBeUndefined();
  });
});

/**
 * Lines measured the way a run measures them: a pair at a time, looked at after each, until the line
 * settles or reaches {@link MAX_PAIRS_PER_LINE}. Each pair's log ratio is the true one plus normal
 * noise of standard deviation 0.09 (the median paired spread of the lines measured here); both sides
 * share a drift. Returns the shares of lines that ended decided and equivalent, and the mean pairs taken.
 */
function sequentialLines(options: {
  readonly lines: number;
  readonly ratio: number;
  readonly confidence: number;
  readonly seed: number;
  readonly firstLook?: number;
  readonly prior?: SpreadPrior;
}): { decided: number; equivalent: number; meanPairs: number } {
  const random = seededRandom(options.seed);
  let decided = 0;
  let equivalent = 0;
  let pairs = 0;
  for (let line = 0; line < options.lines; line += 1) {
    const baseline: number[] = [];
    const candidate: number[] = [];
    for (let n = 1; n <= MAX_PAIRS_PER_LINE; n += 1) {
      const drift = 100 * Math.exp(0.2 * standardNormal(random));
      baseline.push(drift);
      candidate.push(drift * options.ratio * Math.exp(0.09 * standardNormal(random)));
      if (n < (options.firstLook ?? 3)) continue;
      const estimate = answerEstimate(series(baseline), series(candidate), {
        confidence: options.confidence,
        ...(options.prior === undefined ? {} : { prior: options.prior }),
      });
      const outcome = estimate === undefined ? 'undetermined' : answerOutcome(estimate);
      if (outcome === 'undetermined' && n < MAX_PAIRS_PER_LINE) continue;
      pairs += n;
      if (outcome === 'decided') decided += 1;
      if (outcome === 'equivalent') equivalent += 1;
      break;
    }
  }
  return {
    decided: decided / options.lines,
    equivalent: equivalent / options.lines,
    meanPairs: pairs / options.lines,
  };
}

describe('answers looked at after every pair (the run stops a line when it settles)', () => {
  const prior: SpreadPrior = { variance: 0.09 ** 2, degreesOfFreedom: 10, lines: 8 };

  it('calls a line with no difference decided far more often than 5% when each look is tested at 95%', () => {
    const alone = sequentialLines({ lines: 1000, ratio: 1, confidence: FORK_CONFIDENCE, seed: 21 });
    expect(alone.decided).toBeGreaterThan(0.1);
  });

  it('keeps that chance near 5% over all the looks at the level of each look', () => {
    const alone = sequentialLines({ lines: 1000, ratio: 1, confidence: LOOK_CONFIDENCE, seed: 22 });
    expect(alone.decided).toBeLessThan(0.065);
    // Most such lines end equivalent instead: "the same within ±10%".
    expect(alone.equivalent).toBeGreaterThan(0.85);
    const shared = sequentialLines({
      lines: 1000,
      ratio: 1,
      confidence: LOOK_CONFIDENCE,
      seed: 23,
      firstLook: 2,
      prior,
    });
    expect(shared.decided).toBeLessThan(0.065);
  });

  it('still decides a real difference, a pair or so later', () => {
    for (const [ratio, seed] of [
      [1.2, 24],
      [0.8, 25],
    ] as const) {
      const nominal = sequentialLines({ lines: 300, ratio, confidence: FORK_CONFIDENCE, seed });
      const looked = sequentialLines({ lines: 300, ratio, confidence: LOOK_CONFIDENCE, seed });
      expect(looked.decided).toBeGreaterThan(0.97);
      expect(looked.meanPairs).toBeGreaterThan(nominal.meanPairs);
      expect(looked.meanPairs).toBeLessThan(nominal.meanPairs + 3);
    }
  });
});
