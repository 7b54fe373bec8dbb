import { describe, expect, it } from 'vitest';
import { seededRandom } from '../compare/random.js';
import {
  evenParts,
  initialSchedule,
  linkedOrder,
  LONE_PASS,
  nextLaterRound,
  nextLinePair,
  questionGroups,
  settleCostMs,
  type LineProgress,
} from './question-schedule.js';

describe('question groups', () => {
  it('links the combinations lines compare, transitively, and leaves the rest alone', () => {
    const groups = questionGroups(6, [
      { baseline: [1], candidate: [3] },
      { baseline: [3], candidate: [4] },
      { baseline: [5], candidate: [] },
    ]);
    expect(groups).toEqual([[0], [1, 3, 4], [2], [5]]);
  });
});

describe('the first pass', () => {
  it('runs a group in rounds, every member once per round, and a lone combination a round of its own per fork', () => {
    const groups = [[0], [1, 2, 3]];
    const forks = [2, 3, 3, 3];
    const schedule = initialSchedule(groups, (index) => forks[index] ?? 0, seededRandom(7));
    expect(schedule).toHaveLength(11);
    // The lone combination: 2 forks, each its own round, the first with every group's first round,
    // the second after every group's rounds (no question compares it).
    const lone = schedule.filter((slot) => slot.combination === 0);
    expect(lone.map((slot) => slot.index)).toEqual([0, 1]);
    expect(lone[0]).toEqual({ combination: 0, round: 0, turns: 0, index: 0, pass: 0 });
    expect(lone[1]).toMatchObject({ combination: 0, round: 4, index: 1, pass: LONE_PASS });
    expect(schedule.at(-1)).toBe(lone[1]);
    const group = schedule.filter((slot) => slot.combination !== 0);
    expect(group).toHaveLength(9);
    for (let round = 0; round < 3; round++) {
      const slots = group.slice(round * 3, round * 3 + 3);
      // Every member once per round, all three in the same round, before any of the next round.
      expect(slots.map((slot) => slot.combination).sort()).toEqual([1, 2, 3]);
      expect(new Set(slots.map((slot) => slot.round)).size).toBe(1);
      expect(slots.every((slot) => slot.index === round)).toBe(true);
    }
    for (const slot of lone) {
      expect(
        new Set(schedule.filter((other) => other.round === slot.round).map((other) => other.combination)),
      ).toEqual(new Set([0]));
    }
    const rounds = schedule.map((slot) => slot.round);
    expect([...rounds].sort((a, b) => a - b)).toEqual(rounds);
  });

  it('shuffles the order within a round, so no member always goes first', () => {
    const firsts = new Set<number>();
    const schedule = initialSchedule([[0, 1, 2]], () => 30, seededRandom(3));
    for (let round = 0; round < 30; round++) firsts.add(schedule[round * 3]?.combination ?? -1);
    expect(firsts).toEqual(new Set([0, 1, 2]));
  });

  it('gives a member with fewer forks only its own rounds', () => {
    const schedule = initialSchedule([[0, 1]], (index) => (index === 0 ? 1 : 3), seededRandom(1));
    expect(schedule.filter((slot) => slot.combination === 0)).toHaveLength(1);
    expect(schedule.filter((slot) => slot.combination === 1)).toHaveLength(3);
  });
});

describe('the first rounds of every group first', () => {
  it('runs every group’s first round, then every group’s second, then any group’s third, then the later forks no question needs', () => {
    const schedule = initialSchedule([[0, 1], [2, 3], [4]], () => 3, seededRandom(5));
    // The passes never go down: all first forks, then the groups' second ones, then their third
    // ones, then the lone combination's second and third.
    const passes = schedule.map((slot) => slot.pass);
    expect([...passes].sort((a, b) => a - b)).toEqual(passes);
    expect(schedule.map((slot) => slot.index)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 1, 2]);
    expect(schedule.slice(-2).map((slot) => [slot.combination, slot.pass])).toEqual([
      [4, LONE_PASS],
      [4, LONE_PASS],
    ]);
    // Every combination still gets all its forks, and rounds still increase with time.
    for (let combination = 0; combination < 5; combination++) {
      expect(schedule.filter((slot) => slot.combination === combination)).toHaveLength(3);
    }
    const rounds = schedule.map((slot) => slot.round);
    expect([...rounds].sort((a, b) => a - b)).toEqual(rounds);
  });
});

describe('forks that take turns together', () => {
  it('cuts a round into even parts of at most the forks the server holds at once', () => {
    expect(evenParts([1, 2, 3, 4, 5], 4)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(evenParts([1, 2, 3, 4, 5, 6, 7, 8], 4)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(evenParts([1, 2, 3], 1)).toEqual([[1], [2], [3]]);
    expect(evenParts([1, 2], 4)).toEqual([[1, 2]]);
  });

  it('gives the forks of one part one turns number, consecutive, and a lone combination its own', () => {
    // A chain of 6 linked combinations and a lone one; parts of at most 4.
    const lines = [1, 2, 3, 4, 5].map((index) => ({ baseline: [index], candidate: [index + 1] }));
    const schedule = initialSchedule(
      [[0], [1, 2, 3, 4, 5, 6]],
      (index) => (index === 0 ? 2 : 3),
      seededRandom(11),
      lines,
      4,
    );
    const lone = schedule.filter((slot) => slot.combination === 0);
    expect(new Set(lone.map((slot) => slot.turns)).size).toBe(2);
    const group = schedule.filter((slot) => slot.combination !== 0);
    for (let round = 0; round < 3; round++) {
      const slots = group.slice(round * 6, round * 6 + 6);
      const parts = [...new Set(slots.map((slot) => slot.turns))];
      // Six forks in parts of at most four: two parts of three, each consecutive in the schedule.
      expect(parts.map((turns) => slots.filter((slot) => slot.turns === turns).length)).toEqual([3, 3]);
      expect(slots.map((slot) => slot.turns)).toEqual(
        [...slots.map((slot) => slot.turns)].sort((a, b) => a - b),
      );
    }
    // Parts of different rounds never share a number.
    const turnsOfRound = new Map<number, number>();
    for (const slot of schedule) {
      const round = turnsOfRound.get(slot.turns);
      if (round !== undefined) expect(round).toBe(slot.round);
      turnsOfRound.set(slot.turns, slot.round);
    }
  });

  it('puts most lines of a chain inside one part (their sides take turns)', () => {
    const lines = [0, 1, 2, 3, 4, 5, 6].map((index) => ({ baseline: [index], candidate: [index + 1] }));
    let together = 0;
    let total = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const schedule = initialSchedule([[0, 1, 2, 3, 4, 5, 6, 7]], () => 1, seededRandom(seed), lines, 4);
      const turnsOf = new Map(schedule.map((slot) => [slot.combination, slot.turns]));
      for (const line of lines) {
        total += 1;
        if (turnsOf.get(line.baseline[0]!) === turnsOf.get(line.candidate[0]!)) together += 1;
      }
    }
    // Eight links cut into two parts of four: at least half of the lines, on average, take turns.
    expect(together / total).toBeGreaterThan(0.5);
  });
});

describe('the order within a round', () => {
  it('visits every member once and puts linked combinations next to each other', () => {
    // A chain 0-1-2-3-4-5: a depth-first walk from anywhere keeps every neighbour within two places.
    const lines = [0, 1, 2, 3, 4].map((index) => ({ baseline: [index], candidate: [index + 1] }));
    for (let seed = 1; seed <= 20; seed++) {
      const order = linkedOrder([0, 1, 2, 3, 4, 5], lines, seededRandom(seed));
      expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      for (const line of lines) {
        const gap = Math.abs(order.indexOf(line.baseline[0]!) - order.indexOf(line.candidate[0]!));
        expect(gap).toBeLessThanOrEqual(5);
      }
      const adjacent = lines.filter(
        (line) => Math.abs(order.indexOf(line.baseline[0]!) - order.indexOf(line.candidate[0]!)) === 1,
      );
      expect(adjacent.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('still varies: different seeds give different orders', () => {
    const lines = [
      { baseline: [0], candidate: [1] },
      { baseline: [1], candidate: [2] },
    ];
    const orders = new Set(
      Array.from({ length: 20 }, (_, seed) => linkedOrder([0, 1, 2], lines, seededRandom(seed + 1)).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

/** A line's progress as the planner sees it: undetermined, 6 pairs, 2 more to settle, unless overridden. */
const line = (overrides: Partial<LineProgress>): LineProgress => ({
  outcome: 'undetermined',
  morePairs: 2,
  pairs: 6,
  pairCostMs: 1000,
  next: [0, 1],
  ...overrides,
});

describe('the next fork pair', () => {
  it('goes to the undetermined line cheapest to settle', () => {
    const lines = [
      line({ morePairs: 4, pairCostMs: 1000 }),
      line({ morePairs: 1, pairCostMs: 3000 }),
      line({ morePairs: 2, pairCostMs: 1000 }),
    ];
    expect(nextLinePair(lines, 10)).toBe(2);
  });

  it('skips settled lines, lines at the limit and lines with nothing to run; stops when none is left', () => {
    expect(
      nextLinePair(
        [
          line({ outcome: 'decided', morePairs: 0 }),
          line({ outcome: 'equivalent', morePairs: 0 }),
          line({ pairs: 10 }),
          line({ next: undefined }),
          line({ outcome: undefined }),
        ],
        10,
      ),
    ).toBeUndefined();
  });

  it('weighs a line below 6 pairs by at most the pairs that bring it to 6, so one a pair from settling goes first', () => {
    const lines = [
      // 3 pairs, estimated 30 more: explored up to 6, i.e. 3 pairs of 2 s = 6 s.
      line({ pairs: 3, morePairs: 30, pairCostMs: 2000 }),
      // 3 pairs, one more of 5 s settles it.
      line({ pairs: 3, morePairs: 1, pairCostMs: 5000 }),
      // 3 pairs, no estimate yet: 3 pairs of 1.5 s = 4.5 s.
      line({ pairs: 3, morePairs: undefined, pairCostMs: 1500 }),
    ];
    expect(nextLinePair(lines, 20)).toBe(2);
    expect(nextLinePair(lines.slice(0, 2), 20)).toBe(1);
    expect(settleCostMs(line({ pairs: 4, morePairs: 30, pairCostMs: 2000 }))).toBe(4000);
    expect(settleCostMs(line({ pairs: 6, morePairs: 30, pairCostMs: 2000 }))).toBe(60_000);
    expect(settleCostMs(line({ pairs: 6, morePairs: undefined }))).toBeUndefined();
  });

  it('puts lines out of reach after every line within reach', () => {
    expect(
      nextLinePair(
        [line({ morePairs: undefined, pairCostMs: 1 }), line({ morePairs: 9, pairCostMs: 5000 })],
        10,
      ),
    ).toBe(1);
    expect(nextLinePair([line({ morePairs: undefined })], 10)).toBe(0);
  });
});

describe('the later rounds of the first pass under a budget', () => {
  it('runs first the round holding both sides of the line quickest to settle', () => {
    const rounds = [
      { members: [0, 1], costMs: 2000 },
      { members: [2, 3, 4], costMs: 3000 },
    ];
    const lines = [
      line({ next: [0, 1], morePairs: 9 }),
      line({ next: [2, 4], morePairs: 1 }),
      // Its sides lie in two rounds: no round settles it.
      line({ next: [1, 2], morePairs: 1, pairCostMs: 10 }),
    ];
    expect(nextLaterRound(rounds, lines, 60_000)).toBe(1);
  });

  it('weighs a round by its cost over the lines it brings closer: 8 forks for four lines before 22 for one', () => {
    const rounds = [
      { members: [0, 1], costMs: 22_000 },
      { members: [2, 3, 4, 5, 6], costMs: 8000 },
    ];
    const lines = [
      line({ next: [0, 1], morePairs: 1 }),
      line({ next: [2, 3], morePairs: 2 }),
      line({ next: [3, 4], morePairs: 2 }),
      line({ next: [4, 5], morePairs: 2 }),
      line({ next: [5, 6], morePairs: 2 }),
    ];
    expect(nextLaterRound(rounds, lines, 60_000)).toBe(1);
    // One line a pair from settling in a cheap round beats four lines two pairs away in a dear one.
    expect(nextLaterRound([{ members: [0, 1], costMs: 3000 }, rounds[1]!], lines, 60_000)).toBe(0);
  });

  it('leaves out the rounds that do not fit, and stops when none does', () => {
    const rounds = [
      { members: [0, 1], costMs: 2000 },
      { members: [2, 3], costMs: 9000 },
    ];
    const lines = [line({ next: [0, 1], morePairs: 9 }), line({ next: [2, 3], morePairs: 1 })];
    expect(nextLaterRound(rounds, lines, 5000)).toBe(0);
    expect(nextLaterRound(rounds, lines, 1000)).toBeUndefined();
    expect(nextLaterRound([], lines, 60_000)).toBeUndefined();
  });

  it('puts rounds whose lines are settled or out of reach last, in schedule order', () => {
    const rounds = [
      { members: [0, 1], costMs: 1000 },
      { members: [2, 3], costMs: 1000 },
      { members: [4, 5], costMs: 1000 },
    ];
    const lines = [
      line({ next: [0, 1], outcome: 'decided', morePairs: 0 }),
      line({ next: [2, 3], morePairs: undefined }),
      line({ next: [4, 5], pairs: 3, morePairs: 20 }),
    ];
    expect(nextLaterRound(rounds, lines, 60_000)).toBe(2);
    expect(nextLaterRound(rounds.slice(0, 2), lines.slice(0, 2), 60_000)).toBe(0);
  });
});
