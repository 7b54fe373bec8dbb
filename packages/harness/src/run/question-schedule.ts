/**
 * The order a run measures in, decided by the suite's questions. Combinations that a declared answer
 * compares form a group (linked through any line); a group runs in rounds, one fork of each member
 * per round in a shuffled order, so the two sides of every line are measured close together in time
 * and a drift of the machine or a busy neighbour falls on both. A fork records its round, and the
 * statistics pair the forks of one round. Combinations no question compares run their forks one
 * after another, as before. After this first pass, {@link nextLinePair} spends what is left of the
 * time budget on the lines still undetermined, one fork pair at a time, quickest to settle first.
 */
import type { AnswerOutcome } from '../compare/answer-statistics.js';
import { shuffled } from '../compare/random.js';

/**
 * Rounds a combination gets in the first pass when a question compares it: the fewest that give a
 * t-interval on their own. Measured here with 2 (intervals from the spread that lines share): the
 * first pass of PostgreSQL's full run was 1.2× shorter but settled 26 lines of 87 against 33 — too
 * few lines share a spread, and 2 pairs estimate it too roughly to write a line off.
 */
export const QUESTION_FORKS = 3;

/** A line as the schedule sees it: the combinations (plan indexes) on either side. */
export interface ScheduledLine {
  readonly baseline: readonly number[];
  readonly candidate: readonly number[];
}

/** One fork to run: which combination, the round it belongs to, and the forks it takes turns with. */
export interface ScheduledFork {
  readonly combination: number;
  readonly round: number;
  /** The fork's number in its combination's first pass, from 0. */
  readonly index: number;
  /** The part of the first pass it runs in (see {@link initialSchedule}): 0 to {@link LONE_PASS}. */
  readonly pass: number;
  /**
   * Forks with the same number (consecutive in the schedule) are alive together and take turns,
   * iteration by iteration (see `session/turn-scheduler.ts`).
   */
  readonly turns: number;
}

/**
 * Groups of combinations linked by lines with both sides planned (union–find), in plan order of their
 * first member; every combination that no such line links is a group of one.
 */
export function questionGroups(count: number, lines: readonly ScheduledLine[]): number[][] {
  const parent = Array.from({ length: count }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[index] !== root) {
      const next = parent[index] as number;
      parent[index] = root;
      index = next;
    }
    return root;
  };
  for (const line of lines) {
    if (line.baseline.length === 0 || line.candidate.length === 0) continue;
    const [first, ...rest] = [...line.baseline, ...line.candidate];
    for (const other of rest) parent[find(other)] = find(first as number);
  }
  const groups = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const root = find(index);
    const group = groups.get(root) ?? [];
    group.push(index);
    groups.set(root, group);
  }
  return [...groups.values()].sort((a, b) => (a[0] as number) - (b[0] as number));
}

/**
 * A random order of `members` in which combinations a line links tend to sit next to each other: a
 * depth-first walk of the lines from a random member, neighbours in random order. In a large group
 * (the job's 24 combinations) a plainly shuffled round put a line's two sides about a third of a
 * round apart, tens of seconds in which the machine drifts; pairs run back to back varied less
 * (measured here: paired log-ratio spread 0.17 → 0.04 and 0.30 → 0.10 for two job lines).
 */
export function linkedOrder(
  members: readonly number[],
  lines: readonly ScheduledLine[],
  random: () => number,
): number[] {
  const neighbours = new Map<number, Set<number>>(members.map((member) => [member, new Set<number>()]));
  for (const line of lines) {
    for (const a of line.baseline) {
      for (const b of line.candidate) {
        if (a === b || !neighbours.has(a) || !neighbours.has(b)) continue;
        neighbours.get(a)?.add(b);
        neighbours.get(b)?.add(a);
      }
    }
  }
  const order: number[] = [];
  const seen = new Set<number>();
  for (const start of shuffled(members, random)) {
    const stack = [start];
    while (stack.length > 0) {
      const member = stack.pop() as number;
      if (seen.has(member)) continue;
      seen.add(member);
      order.push(member);
      // Pushed in random order; the last one pushed is visited next, right after `member`.
      const next = [...(neighbours.get(member) ?? [])].filter((other) => !seen.has(other));
      stack.push(...shuffled(next, random));
    }
  }
  return order;
}

/**
 * `members` cut into consecutive parts of at most `size`, as even as they can be (5 in parts of 4:
 * 3 and 2, so no fork is left to take its turns alone).
 */
export function evenParts<T>(members: readonly T[], size: number): T[][] {
  const parts = Math.ceil(members.length / Math.max(1, size));
  const result: T[][] = [];
  let start = 0;
  for (let part = 0; part < parts; part += 1) {
    const length = Math.ceil((members.length - start) / (parts - part));
    result.push(members.slice(start, start + length));
    start += length;
  }
  return result;
}

/**
 * Rounds every group runs before any group runs a later one: 2 pairs give a line an interval when
 * its benchmark's lines share a spread, and a line settled by then needs no later round (the planner
 * skips it), so every group's first rounds come first and each line's spread is known from all of
 * its benchmark's lines when the later rounds come up.
 */
export const FIRST_ROUNDS = 2;

/**
 * Rounds that run whatever the time budget: every combination's first fork, so each has a value.
 * Under a budget the rounds after these run while they fit (see `QuestionPlanner`): on a machine
 * slower than the budget was measured on (here forks took up to 1.9× as long on some days, and
 * PostgreSQL's full run of both suites 17 min 34 s instead of 15 min) the run stays within its
 * budget, and the lines quickest to settle keep their second pairs.
 */
export const REQUIRED_ROUNDS = 1;

/**
 * The part of the first pass that runs the later forks of combinations no question compares (groups
 * of one): after every group's rounds, so the forks that settle answers come first under a budget. A
 * second fork of such a result still leaves it without an interval (that takes
 * `MIN_FORKS_FOR_INTERVAL`), while a third pair can settle a line: in a full PostgreSQL run of the
 * reactive suite, 11 such second forks (about 38 s) ran before any third round, and 16 third-round
 * forks of undetermined lines were then dropped for want of time.
 */
export const LONE_PASS = 3;

/**
 * The part of the first pass fork number `index` of a combination runs in: 0 (every combination's
 * first), 1 (second rounds of compared combinations), 2 (their later rounds) or {@link LONE_PASS}
 * (later forks of a combination no question compares, `lone`).
 */
export function passOf(index: number, lone: boolean = false): number {
  if (index < REQUIRED_ROUNDS) return 0;
  if (lone) return LONE_PASS;
  return index < FIRST_ROUNDS ? 1 : 2;
}

/**
 * The first pass in four parts ({@link passOf}): per group in order, its first round ({@link
 * REQUIRED_ROUNDS}), then per group in order its rounds up to {@link FIRST_ROUNDS}, then per group in
 * order its later ones, then the later forks of the groups of one (each fork a round of its own), each
 * round in a {@link linkedOrder} cut into parts of at most `roundForks` forks that take turns together
 * ({@link evenParts}: neighbours in the order, mostly the two sides of a line, share a part);
 * `forksOf(combination)` says how many forks each gets. Round and turn numbers are unique within the
 * schedule and increase with time.
 */
export function initialSchedule(
  groups: readonly (readonly number[])[],
  forksOf: (combination: number) => number,
  random: () => number,
  lines: readonly ScheduledLine[] = [],
  roundForks: number = 1,
): ScheduledFork[] {
  const schedule: ScheduledFork[] = [];
  let round = 0;
  let turns = 0;
  // The fork numbers of each part, in the order passOf numbers them, and the groups that run in it:
  // a group of one (a combination no question compares) has no part in passes 1 and 2, and a group
  // of several none in the last.
  const parts = [
    { from: 0, to: REQUIRED_ROUNDS, groups: 'every' },
    { from: REQUIRED_ROUNDS, to: FIRST_ROUNDS, groups: 'compared' },
    { from: FIRST_ROUNDS, to: Number.POSITIVE_INFINITY, groups: 'compared' },
    { from: REQUIRED_ROUNDS, to: Number.POSITIVE_INFINITY, groups: 'lone' },
  ] as const;
  for (const { from, to, groups: which } of parts)
    for (const group of groups) {
      if (which !== 'every' && (group.length === 1) !== (which === 'lone')) continue;
      const rounds = Math.min(to, Math.max(0, ...group.map(forksOf)));
      for (let index = from; index < rounds; index += 1) {
        const members = group.filter((combination) => forksOf(combination) > index);
        const pass = passOf(index, group.length === 1);
        if (group.length === 1) {
          // A group of one has no partner to pair with: every fork is a round of its own.
          for (const combination of members) {
            schedule.push({ combination, round: round++, turns: turns++, index, pass });
          }
          continue;
        }
        for (const part of evenParts(linkedOrder(members, lines, random), roundForks)) {
          for (const combination of part) schedule.push({ combination, round, turns, index, pass });
          turns += 1;
        }
        round += 1;
      }
    }
  return schedule;
}

/** Where a line stands after the forks so far. */
export interface LineProgress {
  /** The outcome, or undefined when it cannot be answered (a side failed or has no values). */
  readonly outcome: AnswerOutcome | undefined;
  /** Estimated more pairs to settle it (undefined: out of reach). */
  readonly morePairs: number | undefined;
  /** Pairs it has so far. */
  readonly pairs: number;
  /** Wall time of one more pair, ms (its two sides' mean fork times). */
  readonly pairCostMs: number;
  /** The two combinations its next pair would run (a best pick's current leaders). */
  readonly next: readonly [number, number] | undefined;
}

/**
 * Pairs below which a line's estimate of how many more it needs is not trusted to write it off: from
 * 3 pairs the spread is known to within a factor of about 2, so an estimate of 30 may be 8. Such a
 * line counts at most the pairs that bring it to this many, and is explored before it is given up.
 */
export const PAIRS_BEFORE_ESTIMATE = 6;

/**
 * Estimated more pairs to settle a line: its estimated more pairs — at most the pairs to
 * {@link PAIRS_BEFORE_ESTIMATE} while it has fewer, and at least 1; undefined when out of reach with
 * enough pairs to believe it.
 */
export function settlePairs(line: LineProgress): number | undefined {
  const explore = line.pairs < PAIRS_BEFORE_ESTIMATE ? PAIRS_BEFORE_ESTIMATE - line.pairs : undefined;
  const pairs =
    line.morePairs === undefined
      ? explore
      : explore === undefined
        ? line.morePairs
        : Math.min(line.morePairs, explore);
  return pairs === undefined ? undefined : Math.max(1, pairs);
}

/** Estimated wall time to settle a line: {@link settlePairs} times a pair's wall time. */
export function settleCostMs(line: LineProgress): number | undefined {
  const pairs = settlePairs(line);
  return pairs === undefined ? undefined : pairs * line.pairCostMs;
}

/**
 * The line the next fork pair goes to: undetermined, below `maxPairs`, the one estimated quickest to
 * settle ({@link settleCostMs}) — shortest first, as a scheduler that wants the most lines settled by
 * a deadline would. A line one pair from settling goes before a cheaper line ten pairs away (the
 * last stop gave seven such lines of 2.7 s forks no pair while cheaper hopeless lines took the
 * budget). Lines out of reach come last, fewest pairs first. Undefined when no line needs one.
 */
export function nextLinePair(lines: readonly LineProgress[], maxPairs: number): number | undefined {
  // Compared in order: within reach (0) before out of reach (1), then time to settle, or for lines
  // out of reach their pairs so far and a pair's time.
  let best: { index: number; key: readonly number[] } | undefined;
  lines.forEach((line, index) => {
    if (line.outcome !== 'undetermined' || line.next === undefined || line.pairs >= maxPairs) return;
    const settle = settleCostMs(line);
    const key = settle === undefined ? [1, line.pairs, line.pairCostMs] : [0, settle];
    if (best === undefined || lessThan(key, best.key)) best = { index, key };
  });
  return best?.index;
}

/** Lexicographic order of two keys. */
function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return (a[index] as number) < (b[index] as number);
  }
  return false;
}

/** A later round of the first pass as the planner weighs it: the combinations it would run, and its wall time. */
export interface LaterRound {
  readonly members: readonly number[];
  readonly costMs: number;
}

/**
 * Which later round of the first pass (a round after the first {@link REQUIRED_ROUNDS}) runs next when a
 * time budget bounds the run: of the rounds that fit in `remainingMs`, the one that buys the most
 * settling per second — its wall time over the share of the way to settled it brings its
 * undetermined lines within reach (a line {@link settlePairs} k pairs away gains 1/k of its way from
 * one pair; a single line's pair is weighed the same way, its cost over 1/k being
 * {@link settleCostMs}); rounds that hold no such line come after those, in schedule order.
 * Undefined when none fits: the first pass ends there. (Run in schedule order, a first pass over its
 * budget ran every later round of the first groups — the seeds, the job — and none of the last
 * ones'; chosen by the single line quickest to settle, a round of 22 forks for one line went before
 * a round of 8 for four.)
 */
export function nextLaterRound(
  rounds: readonly LaterRound[],
  lines: readonly LineProgress[],
  remainingMs: number,
): number | undefined {
  let best: { index: number; key: number } | undefined;
  rounds.forEach((round, index) => {
    if (round.costMs > remainingMs) return;
    const members = new Set(round.members);
    let gain = 0;
    for (const line of lines) {
      if (line.outcome !== 'undetermined' || line.next === undefined) continue;
      if (!members.has(line.next[0]) || !members.has(line.next[1])) continue;
      const pairs = settlePairs(line);
      if (pairs !== undefined) gain += 1 / pairs;
    }
    const key = gain > 0 ? round.costMs / gain : Number.POSITIVE_INFINITY;
    if (best === undefined || key < best.key) best = { index, key };
  });
  return best?.index;
}
