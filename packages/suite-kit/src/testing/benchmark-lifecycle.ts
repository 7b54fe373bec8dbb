/**
 * A benchmark's lifecycle run by hand, in this process and without timing, the way the harness
 * orders it: for the suites' integration tests, which check what each hook does on real servers.
 */
import type { BenchmarkContext, BenchmarkDefinition, MetricSample, ParamSet } from '@dbbench/harness';
import type { RunContext } from '../run-context.js';

/** A benchmark context made by hand, as a fork would build it for one combination. */
export function benchmarkContext(runContext: RunContext, params: ParamSet): BenchmarkContext<RunContext> {
  const str = (axis: string): string => {
    const value = params[axis];
    if (value === undefined) throw new Error(`the test gave no parameter ${axis}`);
    return value;
  };
  return {
    params,
    runContext,
    fork: 0,
    log: () => undefined,
    str,
    int: (axis) => Number.parseInt(str(axis), 10),
  };
}

/** What {@link runLifecycle} did. */
export interface LifecycleRun<State, Result> {
  readonly state: State;
  readonly results: Result[];
}

/**
 * setupTrial, then per iteration setupIteration → (setupInvocation → run → verify →
 * teardownInvocation) × invocations → teardownIteration, then teardownTrial (always). Verification
 * errors propagate.
 */
export async function runLifecycle<State, Result>(
  benchmark: BenchmarkDefinition<State, RunContext, Result>,
  ctx: BenchmarkContext<RunContext>,
  options: { readonly iterations?: number; readonly invocations?: number } = {},
): Promise<LifecycleRun<State, Result>> {
  const blackhole = { consume: (): void => undefined };
  const state = await benchmark.setupTrial(ctx);
  const results: Result[] = [];
  try {
    for (let iteration = 0; iteration < (options.iterations ?? 1); iteration++) {
      await benchmark.setupIteration?.(state, ctx);
      for (let invocation = 0; invocation < (options.invocations ?? 2); invocation++) {
        await benchmark.setupInvocation?.(state, ctx);
        const result = await benchmark.run(state, blackhole, ctx);
        await benchmark.verify?.(state, result, ctx);
        await benchmark.teardownInvocation?.(state, ctx);
        results.push(result);
      }
      await benchmark.teardownIteration?.(state, ctx);
    }
  } finally {
    await benchmark.teardownTrial?.(state, ctx);
  }
  return { state, results };
}

/**
 * One iteration of one invocation with the benchmark's profilers around it, as the harness runs
 * them: setupIteration → beforeIteration → setupInvocation → run (timed) → verify →
 * teardownInvocation → afterIteration → teardownIteration. Returns every profiler's metrics.
 */
export async function runProfiledIteration<State, Result>(
  benchmark: BenchmarkDefinition<State, RunContext, Result>,
  state: State,
  ctx: BenchmarkContext<RunContext>,
): Promise<MetricSample[]> {
  const profilers = benchmark.profilers?.(state, ctx) ?? [];
  await benchmark.setupIteration?.(state, ctx);
  for (const profiler of profilers) await profiler.beforeIteration();
  await benchmark.setupInvocation?.(state, ctx);
  // As the harness does: the timed-region hooks right around the clock, outside it.
  for (const profiler of profilers) profiler.timedRegionStarted?.();
  const startedAt = process.hrtime.bigint();
  const result = await benchmark.run(state, { consume: () => undefined }, ctx);
  const measuredNs = Number(process.hrtime.bigint() - startedAt);
  for (const profiler of profilers) profiler.timedRegionEnded?.();
  await benchmark.verify?.(state, result, ctx);
  await benchmark.teardownInvocation?.(state, ctx);
  const samples: MetricSample[] = [];
  for (const profiler of profilers) {
    samples.push(...(await profiler.afterIteration({ invocations: 1, measuredNs, warmup: false })));
  }
  await benchmark.teardownIteration?.(state, ctx);
  return samples;
}

/** The value of one metric among profiler samples; throws when it is missing. */
export function metricValue(samples: readonly MetricSample[], name: string): number {
  const sample = samples.find((candidate) => candidate.name === name);
  if (sample === undefined) {
    throw new Error(`no metric ${name}; got ${samples.map((candidate) => candidate.name).join(', ')}`);
  }
  return sample.value;
}
