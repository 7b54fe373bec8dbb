import type { IterationSettings, ParamSet } from '@dbbench/harness';
import { iterationsBySize } from '@dbbench/suite-kit';

/**
 * Single-shot defaults for every benchmark of this suite, per fork (the suite's forks, 3 in shared
 * rounds where a question compares it): one warmup run, then 10 / 5 / 3 measured runs at 1k / 10k /
 * 100k rows (see `iterationsBySize`: short invocations are cheap next to a fork's start-up, and more
 * of them keep the fork mean the fork's).
 */
export function singleShotIterations(params: ParamSet): IterationSettings {
  return { ...iterationsBySize(params), batchSize: 1, timeoutMs: 10 * 60_000 };
}
