import { describe, expect, it } from 'vitest';
import { ASSUMED_LOG_SPREAD, type ForkSeries } from '../compare/answer-statistics.js';
import { answerLines, type LineSides } from './line-answer.js';

/** A line whose candidate is `ratios[k]` × its baseline in round k (baseline 100 in every round). */
function line(ratios: readonly number[], firstRound = 0): LineSides<number> {
  const series = (values: readonly number[]): ForkSeries => ({
    rawData: values.map((value) => [value]),
    rounds: values.map((_, index) => `r${firstRound + index}`),
  });
  return {
    baseline: [{ item: 0, series: series(ratios.map(() => 100)), higherIsBetter: false }],
    candidate: [{ item: 1, series: series(ratios.map((ratio) => 100 * ratio)), higherIsBetter: false }],
  };
}

/** Four lines with 3 pairs each and a log-ratio spread of about 0.05: enough to fit a prior. */
const MEASURED = [
  line([1.5, 1.58, 1.45]),
  line([0.7, 0.74, 0.67]),
  line([2, 2.1, 1.92]),
  line([1.2, 1.27, 1.15]),
];

describe('answerLines: lines without an interval', () => {
  it('projects a line of one pair from the spread its group shares', () => {
    const answers = answerLines([...MEASURED, line([2.4]), line([1.3]), line([1.02])], () => 'job');
    const [far, near, even] = answers.slice(4);
    for (const answer of [far, near, even]) {
      expect(answer?.estimate.method).toBe('range');
      expect(answer?.assumed?.source).toBe('group');
      // A group of 4+ lines shares a spread, so 2 pairs will give each an interval.
      expect(answer?.assumed?.minPairs).toBe(2);
      expect(answer?.assumed?.logSpread).toBeGreaterThan(0.01);
      expect(answer?.assumed?.logSpread).toBeLessThan(0.15);
    }
    // 2.4× from one pair at a spread of 0.05: one more pair settles it; 1.3× one or two; 1.02× more.
    expect(far?.morePairs).toBe(1);
    expect(near?.morePairs).toBeGreaterThanOrEqual(1);
    expect(near?.morePairs).toBeLessThanOrEqual(2);
    expect(even?.morePairs ?? Infinity).toBeGreaterThan(near?.morePairs as number);
  });

  it("takes every paired line's spread for a line whose group has none, and needs 3 pairs there", () => {
    const groups = ['job', 'job', 'job', 'job', 'limit'];
    const answers = answerLines([...MEASURED, line([2.4])], (_, index) => groups[index]);
    const lonely = answers[4];
    expect(lonely?.assumed?.source).toBe('run');
    expect(lonely?.assumed?.priorDegreesOfFreedom).toBe(0);
    expect(lonely?.assumed?.minPairs).toBe(3);
    expect(lonely?.morePairs).toBe(2);
  });

  it('assumes a spread when no line has measured one, and leaves measured lines unprojected', () => {
    const answers = answerLines([line([2.4]), line([0.04]), line([1.3, 1.32, 1.28])], (_, index) =>
      String(index),
    );
    expect(answers[0]?.assumed).toEqual({
      logSpread: ASSUMED_LOG_SPREAD,
      priorDegreesOfFreedom: 0,
      minPairs: 3,
      source: 'assumed',
    });
    // 0.04× is so far from 1 that the pairs an interval takes are all it needs.
    expect(answers[1]?.morePairs).toBe(2);
    // A paired line with its own interval is projected from its own spread, not an assumed one.
    expect(answers[2]?.estimate.method).toBe('paired');
    expect(answers[2]?.assumed).toBeUndefined();
  });

  it('leaves sides measured apart (no round in common) unprojected: only forks a side help them', () => {
    const apart: LineSides<number> = {
      baseline: [{ item: 0, series: { rawData: [[100], [101]] }, higherIsBetter: false }],
      candidate: [{ item: 1, series: { rawData: [[250]] }, higherIsBetter: false }],
    };
    const [answer] = answerLines([apart, ...MEASURED], () => 'job');
    expect(answer?.estimate.method).toBe('range');
    expect(answer?.assumed).toBeUndefined();
    // 1 fork on the smaller side; an interval needs 3 a side.
    expect(answer?.morePairs).toBe(2);
  });
});
