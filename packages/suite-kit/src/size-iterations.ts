/**
 * Measured invocations per fork by data size, for single-shot benchmarks whose invocation grows with
 * `dataSize`. The fork is the statistical unit, and a fork's mean should be mostly the fork's, not the
 * luck of three invocations: at 1000 rows an invocation takes tens of milliseconds and a fork ~0.8 s of
 * process start, pool and seeding, so ten invocations cost a few hundred milliseconds more and cut the
 * invocation noise in the fork mean by √(10/3) (measured here: 15–25% between invocations at 1000 rows,
 * 3–7% at 100 000). The answers pair forks that take turns invocation by invocation, so several
 * invocations per fork also average the noise of the moments they ran in; a benchmark whose paired
 * lines gain from that passes its own counts (`counts`).
 *
 * Warmups scale the same way. A single-shot invocation that is not warm yet is slower, and counted
 * as measured it becomes part of the score: measured here without warmup, the pooled job at 1000 rows
 * took 2.2× its steady time on a fork's first invocation and 1.3× on its tenth, steady from about the
 * fifteenth; at 100 000 rows the first was 1.3× and the second about steady. So 15 warmups at 1000
 * rows (a few hundred ms), 3 at 10 000, 1 at 100 000.
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
  /**
   * Warmup invocations per fork at every size, in one warmup iteration (default:
   * {@link DEFAULT_SIZE_WARMUPS} by size).
   */
  readonly warmup?: number;
}

/** The default: 10 / 5 / 3 measured invocations. */
export const DEFAULT_SIZE_ITERATIONS: SizeIterations = { small: 10, medium: 5, large: 3 };

/** Warmup invocations per fork by size when {@link SizeIterations.warmup} is not set: 15 / 3 / 1. */
export const DEFAULT_SIZE_WARMUPS = { small: 15, medium: 3, large: 1 } as const;

/** The iteration settings of a combination from its `dataSize`. */
export function iterationsBySize(
  params: ParamSet,
  counts: SizeIterations = DEFAULT_SIZE_ITERATIONS,
): IterationSettings {
  const rows = Number(params['dataSize']);
  const size = rows <= 1000 ? 'small' : rows <= 10_000 ? 'medium' : 'large';
  // One warmup iteration of that many invocations: each iteration also pays a garbage collection and
  // the profilers (20–35 ms here), 15 times over at 1000 rows if each warmup were an iteration.
  return {
    warmupIterations: 1,
    warmupBatchSize: counts.warmup ?? DEFAULT_SIZE_WARMUPS[size],
    measurementIterations: counts[size],
  };
}
