import { describe, expect, it } from 'vitest';
import type { ForkOutcome } from '../report/result-builder.js';
import type { MeasurementSession, SessionFork } from './measurement-session.js';
import { runPlannedForks, type ForkPlanner, type PlannedFork, type PlannedRound } from './sampling-loop.js';

/** A session whose forks "measure" their fork number, or are interrupted at `interruptAt`. */
function fakeSession(interruptAt?: number): MeasurementSession & { readonly ran: number[] } {
  const ran: number[] = [];
  return {
    ran,
    setup: undefined,
    startedAt: 0,
    runFork: (fork: SessionFork): Promise<ForkOutcome | undefined> => {
      ran.push(fork.fork);
      if (fork.fork === interruptAt) return Promise.resolve(undefined);
      return Promise.resolve({ iterations: [] });
    },
    async runRound(forks: readonly SessionFork[]): Promise<ForkOutcome[] | undefined> {
      const outcomes: ForkOutcome[] = [];
      for (const fork of forks) {
        const outcome = await this.runFork(fork);
        if (outcome === undefined) return undefined;
        outcomes.push(outcome);
      }
      return outcomes;
    },
  };
}

function planned(fork: number, recorded: number[]): PlannedFork {
  return {
    fork: { fork, onLog: () => undefined } as unknown as SessionFork,
    record: () => void recorded.push(fork),
  };
}

/** Plans `batches` in turn, each planned only after the previous one was recorded. */
function plannerOf(
  batches: readonly (readonly number[])[],
  recorded: number[],
): ForkPlanner & { calls: number } {
  const planner = {
    calls: 0,
    next(): readonly PlannedRound[] | undefined {
      const batch = batches[planner.calls];
      planner.calls += 1;
      if (batch !== undefined) {
        // Every fork of the previous batch is recorded before the next is planned.
        const before = batches.slice(0, planner.calls - 1).flat();
        expect(recorded).toEqual(before);
      }
      return batch?.map((fork) => [planned(fork, recorded)]);
    },
  };
  return planner;
}

describe('the sampling loop', () => {
  it('runs and records every planned fork in order, planning again after each batch', async () => {
    const recorded: number[] = [];
    const session = fakeSession();
    const planner = plannerOf([[0], [1, 2], [3]], recorded);
    await expect(runPlannedForks(session, planner)).resolves.toBe(false);
    expect(session.ran).toEqual([0, 1, 2, 3]);
    expect(recorded).toEqual([0, 1, 2, 3]);
    expect(planner.calls).toBe(4);
  });

  it('stops at an interrupted fork without recording it or running the rest', async () => {
    const recorded: number[] = [];
    const session = fakeSession(1);
    await expect(runPlannedForks(session, plannerOf([[0], [1, 2], [3]], recorded))).resolves.toBe(true);
    expect(session.ran).toEqual([0, 1]);
    expect(recorded).toEqual([0]);
  });

  it('plans nothing once the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const recorded: number[] = [];
    const planner = plannerOf([[0]], recorded);
    await expect(runPlannedForks(fakeSession(), planner, controller.signal)).resolves.toBe(true);
    expect(planner.calls).toBe(0);
  });
});
