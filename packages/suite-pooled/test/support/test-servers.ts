/**
 * The real local servers the integration tests run against, through the url provider: each test
 * file gets its own `dbbench_pooled_test_…` database, dropped afterwards.
 */
import { startServer, toJsonConnectionInfo, type Engine, type StartedServer } from '@dbbench/databases';
import type { BenchmarkContext, BenchmarkDefinition, MetricSample, ParamSet } from '@dbbench/harness';
import type { PooledRunContext } from '../../src/run-context.js';

/** Every engine the suite runs on; tests loop over it. */
export const ENGINES: readonly Engine[] = ['postgres', 'mysql'];

/** Server URLs of the local test services (overridable with the usual variables). */
export const TEST_SERVER_URLS: Readonly<Record<Engine, string>> = {
  postgres: process.env['DBBENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
  mysql: process.env['DBBENCH_MYSQL_URL'] ?? 'mysql://root@127.0.0.1:3306/test',
};

/** Creates a fresh work database on the engine's local server. */
export function startTestServer(engine: Engine): Promise<StartedServer> {
  return startServer(engine, { provider: 'url', url: TEST_SERVER_URLS[engine], suite: 'pooled_test' });
}

/** A benchmark context made by hand, as the harness would build it for one combination. */
export function benchmarkContext(
  server: StartedServer,
  params: ParamSet,
): BenchmarkContext<PooledRunContext> {
  const str = (axis: string): string => {
    const value = params[axis];
    if (value === undefined) throw new Error(`test forgot parameter ${axis}`);
    return value;
  };
  return {
    params,
    runContext: toJsonConnectionInfo(server.connection),
    fork: 0,
    log: () => undefined,
    str,
    int: (axis) => Number(str(axis)),
  };
}

/** What one invocation of {@link runLifecycle} returned. */
export interface LifecycleRun<State, Result> {
  readonly state: State;
  readonly results: Result[];
}

/**
 * Runs a benchmark's lifecycle the way the harness does, without timing: setupTrial, then per
 * iteration setupIteration → (setupInvocation → run → verify → teardownInvocation) × invocations →
 * teardownIteration, then teardownTrial (always). Verification errors propagate.
 */
export async function runLifecycle<State, Result>(
  benchmark: BenchmarkDefinition<State, PooledRunContext, Result>,
  ctx: BenchmarkContext<PooledRunContext>,
  options: { iterations?: number; invocations?: number } = {},
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
 * One iteration of one invocation, with the benchmark's profilers around it as the harness runs
 * them: setupIteration → beforeIteration → setupInvocation → run (timed) → verify → afterIteration →
 * teardownIteration.
 * Returns every profiler's metrics.
 */
export async function runProfiledIteration<State, Result>(
  benchmark: BenchmarkDefinition<State, PooledRunContext, Result>,
  state: State,
  ctx: BenchmarkContext<PooledRunContext>,
): Promise<MetricSample[]> {
  const profilers = benchmark.profilers?.(state, ctx) ?? [];
  await benchmark.setupIteration?.(state, ctx);
  for (const profiler of profilers) await profiler.beforeIteration();
  await benchmark.setupInvocation?.(state, ctx);
  const startedAt = process.hrtime.bigint();
  const result = await benchmark.run(state, { consume: () => undefined }, ctx);
  const measuredNs = Number(process.hrtime.bigint() - startedAt);
  await benchmark.verify?.(state, result, ctx);
  const samples: MetricSample[] = [];
  for (const profiler of profilers) {
    samples.push(...(await profiler.afterIteration({ invocations: 1, measuredNs, warmup: false })));
  }
  await benchmark.teardownIteration?.(state, ctx);
  return samples;
}
