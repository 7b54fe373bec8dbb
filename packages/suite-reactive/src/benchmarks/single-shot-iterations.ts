import type { IterationSettings } from '@dbbench/harness';

/** Single-shot defaults for every benchmark of this suite: one warmup run, five measured runs. */
export const SINGLE_SHOT_ITERATIONS: IterationSettings = {
  warmupIterations: 1,
  measurementIterations: 5,
  batchSize: 1,
  timeoutMs: 10 * 60_000,
};
