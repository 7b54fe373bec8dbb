/**
 * Forks of the baseline and the candidate, interleaved in time on the same server: per combination,
 * fork pairs alternate A B, B A, A B, … so a drift of the machine or a busy neighbour hits both sides
 * equally. Forks are the statistical unit, so this is what makes a verdict between two commits fair.
 * Which side opens a combination is drawn at random: the first fork after a combination change pays
 * for what the previous one left on the server (measured on MariaDB here: in an A/A comparison the
 * first job fork took 468 ms against 429 ms for the other five), and when the baseline always went
 * first that cost landed on it every time and read as an improvement (an A/A comparison called the
 * unchanged `limit` 0.76× "improved", p < 0.001).
 */
import type { SuiteDefinition } from '../define/definition.js';
import type { ForkOutcome } from '../report/result-builder.js';

/** One side of a comparison, as the forks need it. */
export interface ForkSide {
  /** `baseline` or `candidate`: for progress lines. */
  readonly role: 'baseline' | 'candidate';
  /** Absolute path of the side's compiled suite module. */
  readonly suiteModule: string;
  readonly suite: SuiteDefinition;
}

/** What both sides of one combination have run so far. */
export interface PairedOutcomes {
  readonly baseline: ForkOutcome[];
  readonly candidate: ForkOutcome[];
}

/** A side of a comparison. */
export type ForkRole = ForkSide['role'];

/** The order of fork pair `index` (0-based) of a combination that `firstSide` opened: A B, B A, A B, … */
export function pairOrder(index: number, firstSide: ForkRole): readonly [ForkRole, ForkRole] {
  const other: ForkRole = firstSide === 'baseline' ? 'candidate' : 'baseline';
  return index % 2 === 0 ? [firstSide, other] : [other, firstSide];
}

/** A fair coin for which side opens a combination (see the file header). */
export function randomFirstSide(random: () => number = Math.random): ForkRole {
  return random() < 0.5 ? 'baseline' : 'candidate';
}

/** Whether a side can still run forks of this combination: it has the benchmark and none failed. */
function canRun(side: ForkSide, outcomes: readonly ForkOutcome[], benchmarkName: string): boolean {
  return (
    side.suite.benchmarks[benchmarkName] !== undefined && outcomes.every((fork) => fork.failure === undefined)
  );
}

/**
 * The roles of fork pair number `index` of a combination, in the order they run (see
 * {@link pairOrder}), leaving out a side that cannot run more forks of it.
 */
export function nextPairRoles(
  sides: { readonly baseline: ForkSide; readonly candidate: ForkSide },
  outcomes: PairedOutcomes,
  benchmarkName: string,
  firstSide: ForkRole,
): ForkRole[] {
  const index = Math.max(outcomes.baseline.length, outcomes.candidate.length);
  return pairOrder(index, firstSide).filter((role) => canRun(sides[role], outcomes[role], benchmarkName));
}
