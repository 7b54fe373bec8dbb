import type { IterationSettings } from '@dbbench/harness';

/**
 * Single-shot defaults for every benchmark of this suite, per fork (the suite runs 2, so every
 * interval includes fork-to-fork noise): one warmup run, three measured runs.
 */
export const SINGLE_SHOT_ITERATIONS: IterationSettings = {
  warmupIterations: 1,
  measurementIterations: 3,
  batchSize: 1,
  timeoutMs: 10 * 60_000,
};
