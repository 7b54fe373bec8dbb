/**
 * The one sampling loop of a session, as tachometer has one: a planner says which rounds of forks to
 * run next, the session runs them one round at a time (the forks of a round interleaved), the planner
 * records each outcome and plans again, until it has nothing left or the run is interrupted. `run` plans by its questions (shared rounds, then fork
 * pairs for undetermined answers within a time budget); `compare` plans interleaved baseline and
 * candidate pairs (then more pairs for unresolved results with `--auto`). Neither runs a fork itself.
 */
import type { ForkOutcome } from '../report/result-builder.js';
import type { MeasurementSession, SessionFork } from './measurement-session.js';

/** A fork a planner wants run, and what it does with the outcome. */
export interface PlannedFork {
  readonly fork: SessionFork;
  /** Takes the outcome into the planner's state (merge it into a report, count a pair, …). */
  record(outcome: ForkOutcome): void | Promise<void>;
}

/**
 * Forks run together: alive at once and taking turns, iteration by iteration (see
 * `turn-scheduler.ts`), so the combinations they measure are compared a fraction of a second apart.
 * A round of one fork runs alone.
 */
export type PlannedRound = readonly PlannedFork[];

/** Decides what a session measures. */
export interface ForkPlanner {
  /**
   * The next rounds to run, in order, given every outcome recorded so far; undefined when there is
   * nothing left to measure. Called again after the whole batch has run and been recorded.
   */
  next(): readonly PlannedRound[] | undefined;
}

/**
 * Runs `planner`'s rounds in `session` until it has none left; resolves to true when the session was
 * interrupted (then the round that was running is not recorded, and nothing more runs).
 */
export async function runPlannedForks(
  session: MeasurementSession,
  planner: ForkPlanner,
  signal?: AbortSignal,
): Promise<boolean> {
  for (;;) {
    if (signal?.aborted) return true;
    const batch = planner.next();
    if (batch === undefined) return false;
    for (const round of batch) {
      const outcomes = await session.runRound(round.map((planned) => planned.fork));
      if (outcomes === undefined) return true;
      for (const [index, planned] of round.entries()) await planned.record(outcomes[index] as ForkOutcome);
    }
  }
}
