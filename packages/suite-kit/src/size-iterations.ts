/**
 * Measured invocations per fork by data size, for single-shot benchmarks whose invocation grows with
 * `dataSize`. The fork is the statistical unit, and a fork's mean should be mostly the fork's, not the
 * luck of three invocations: at 1000 rows an invocation takes tens of milliseconds and a fork ~0.8 s of
 * process start, pool and seeding, so ten invocations cost a few hundred milliseconds more and cut the
 * invocation noise in the fork mean by √(10/3) (measured here: 15–25% between invocations at 1000 rows,
 * 3–7% at 100 000). At 100 000 rows forks differ far more than invocations do: few invocations, more
 * forks.
 */
import type { IterationSettings, ParamSet } from '@dbbench/harness';

/** Measured invocations per fork at each size, smallest first (sizes between take the next larger one's). */
export interface SizeIterations {
  /** Up to 1000 rows. */
  readonly small: number;
  /** Up to 10 000 rows. */
  readonly medium: number;
  /** Above. */
  readonly large: number;
  /** Warmup invocations per fork (default 1). */
  readonly warmup?: number;
}

/** The default: 10 / 5 / 3 measured invocations after one warmup. */
export const DEFAULT_SIZE_ITERATIONS: SizeIterations = { small: 10, medium: 5, large: 3 };

/** The iteration settings of a combination from its `dataSize`. */
export function iterationsBySize(
  params: ParamSet,
  counts: SizeIterations = DEFAULT_SIZE_ITERATIONS,
): IterationSettings {
  const rows = Number(params['dataSize']);
  const measured = rows <= 1000 ? counts.small : rows <= 10_000 ? counts.medium : counts.large;
  return { warmupIterations: counts.warmup ?? 1, measurementIterations: measured };
}
