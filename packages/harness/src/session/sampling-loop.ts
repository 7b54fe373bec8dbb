/**
 * The one sampling loop of a session, as tachometer has one: a planner says which forks to run next,
 * the session runs them one at a time, the planner records each outcome and plans again, until it
 * has nothing left or the run is interrupted. `run` plans by its questions (shared rounds, then fork
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

/** Decides what a session measures. */
export interface ForkPlanner {
  /**
   * The next forks to run, in order, given every outcome recorded so far; undefined when there is
   * nothing left to measure. Called again after the whole batch has run and been recorded.
   */
  next(): readonly PlannedFork[] | undefined;
}

/**
 * Runs `planner`'s forks in `session` until it has none left; resolves to true when the session was
 * interrupted (then the fork that was running is not recorded, and nothing more runs).
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
    for (const planned of batch) {
      const outcome = await session.runFork(planned.fork);
      if (outcome === undefined) return true;
      await planned.record(outcome);
    }
  }
}
