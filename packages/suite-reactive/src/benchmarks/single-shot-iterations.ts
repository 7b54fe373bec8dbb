import type { IterationSettings, ParamSet } from '@dbbench/harness';
import { iterationsBySize } from '@dbbench/suite-kit';

/**
 * Single-shot defaults for every benchmark of this suite, per fork (the suite's forks, 3 in shared
 * rounds where a question compares it): 15 / 3 / 1 warmup runs, then 10 / 5 / 3 measured runs at 1k /
 * 10k / 100k rows (see `iterationsBySize`: the warmups cover the measured warm-up; short invocations
 * are cheap next to a fork's start-up, and more of them keep the fork mean the fork's).
 */
export function singleShotIterations(params: ParamSet): IterationSettings {
  return { ...iterationsBySize(params), batchSize: 1, timeoutMs: 10 * 60_000 };
}

/** Measured invocations per fork of the streaming jobs (job, chunks, memory). */
export const STREAMING_JOB_INVOCATIONS = { small: 10, medium: 5, large: 1 } as const;

/**
 * The streaming jobs' iterations: as {@link singleShotIterations}, but 1 measured run at 100k rows
 * (as the pooled job). There a fork's mean varies by ~12% from fork to fork and by ~3% from its
 * invocations (the committed PostgreSQL run: invocations' share of the fork-mean variance 7% for job,
 * 11% for chunks), so a second invocation (1.3–3 s of every fork, by host) narrows less than the
 * extra forks the same time buys (Kalibera and Jones: repeat at the level with the most variance).
 */
export function streamingJobIterations(params: ParamSet): IterationSettings {
  return { ...iterationsBySize(params, STREAMING_JOB_INVOCATIONS), batchSize: 1, timeoutMs: 10 * 60_000 };
}
