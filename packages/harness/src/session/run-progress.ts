/**
 * "# Run progress: 37.50% complete, ETA 00:04:10": progress weighted by each combination's expected
 * duration, with the ETA scaled by how far real time has drifted from the estimate so far.
 */
import type { Mode } from '../define/definition.js';
import type { ResolvedSettings } from '../plan/settings.js';

/** A guess for process start, import and setupTrial per fork; corrected by the measured drift. */
const FORK_OVERHEAD_MS = 500;
/** A guess for one single-shot invocation, whose length no setting states. */
const SINGLE_SHOT_GUESS_MS = 200;

/** Expected wall time of one combination from its settings. */
export function estimateCombinationMs(mode: Mode, settings: ResolvedSettings): number {
  const invocations =
    settings.warmupIterations * settings.warmupBatchSize +
    settings.measurementIterations * settings.batchSize;
  const perFork =
    mode === 'ss'
      ? invocations * SINGLE_SHOT_GUESS_MS
      : settings.warmupIterations * settings.warmupTimeMs +
        settings.measurementIterations * settings.measurementTimeMs;
  return Math.max(1, settings.forks) * (perFork + FORK_OVERHEAD_MS);
}

/** Tracks progress over a list of combination estimates. */
export class RunProgress {
  private readonly totalMs: number;
  private estimatedDoneMs = 0;
  private actualDoneMs = 0;

  constructor(private readonly estimatesMs: readonly number[]) {
    this.totalMs = estimatesMs.reduce((sum, estimate) => sum + estimate, 0);
  }

  /** Percent complete and estimated remaining time, in ms, before the next combination starts. */
  snapshot(): { percent: number; etaMs: number } {
    const remainingMs = this.totalMs - this.estimatedDoneMs;
    const drift = this.estimatedDoneMs > 0 ? this.actualDoneMs / this.estimatedDoneMs : 1;
    return {
      percent: this.totalMs === 0 ? 100 : (100 * this.estimatedDoneMs) / this.totalMs,
      etaMs: remainingMs * drift,
    };
  }

  /** Records that combination `index` finished (or was skipped) after `actualMs`. */
  complete(index: number, actualMs: number): void {
    this.estimatedDoneMs += this.estimatesMs[index] ?? 0;
    this.actualDoneMs += actualMs;
  }
}

/** Milliseconds as HH:MM:SS. */
export function formatClock(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.round(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
