/**
 * Where a fork's wall time went, from the phase changes it reports: process start and import,
 * trial setup, warmup iterations, measurement iterations, teardown. Recorded per result so time
 * budgets are read from reports instead of guessed from timestamps.
 */
import type { PhaseChange } from './fork-protocol.js';

/** Wall time of the parts of a combination's forks, ms, summed over forks. */
export interface PhaseDurationsMs {
  /** Process start, import of the suite module and setupTrial. */
  setup: number;
  warmup: number;
  measurement: number;
  /** teardownTrial and the process's exit. */
  teardown: number;
}

/** A part of a fork's wall time; `waiting` (for its turn in an interleaved round) is not its own. */
type Part = keyof PhaseDurationsMs | 'waiting';

function partOf(change: PhaseChange): Part {
  if (change.phase === 'import' || change.phase === 'setupTrial') return 'setup';
  if (change.phase === 'teardownTrial') return 'teardown';
  return change.iteration?.warmup === true ? 'warmup' : 'measurement';
}

/** Accumulates the time between phase changes into the part each phase belongs to. */
export class PhaseClock {
  readonly #durations: Record<Part, number> = {
    setup: 0,
    warmup: 0,
    measurement: 0,
    teardown: 0,
    waiting: 0,
  };
  #part: Part = 'setup';
  #since = performance.now();
  /** The share of the wall time that is this fork's own (see {@link share}). */
  #weight = 1;

  /** A new fork starts: its time until the first phase change is setup. */
  forkStarted(): void {
    this.#part = 'setup';
    this.#since = performance.now();
  }

  /** The fork entered a phase. */
  phase(change: PhaseChange): void {
    this.#switchTo(partOf(change));
  }

  /**
   * The fork waits for its turn (another fork of its round works): the time until its next phase
   * change is no part of this fork's.
   */
  waiting(): void {
    this.#switchTo('waiting');
  }

  /**
   * From now on, count `weight` of the wall time as this fork's: the forks of an interleaved round
   * start, import and set up together, so each of the k doing that at once counts a k-th of it, and
   * the sum over a round stays the wall time it took.
   */
  share(weight: number): void {
    this.#switchTo(this.#part);
    this.#weight = weight;
  }

  /** The fork ended: its last part ends now. */
  forkEnded(): void {
    this.#switchTo(this.#part);
  }

  /** Totals so far, rounded to whole ms. */
  totals(): PhaseDurationsMs {
    const round = (value: number): number => Math.round(value);
    const d = this.#durations;
    return {
      setup: round(d.setup),
      warmup: round(d.warmup),
      measurement: round(d.measurement),
      teardown: round(d.teardown),
    };
  }

  #switchTo(part: Part): void {
    const now = performance.now();
    this.#durations[this.#part] += (now - this.#since) * this.#weight;
    this.#part = part;
    this.#since = now;
  }
}
