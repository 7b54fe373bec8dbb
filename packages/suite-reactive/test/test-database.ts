import { startServer, toJsonConnectionInfo, type Engine } from '@dbbench/databases';
import type { BenchmarkContext, BenchmarkDefinition, ParamSet } from '@dbbench/harness';
import type { ConnectionContext } from '../src/connection-context.js';

/** The engines every integration test loops over. */
export const ENGINES: readonly Engine[] = ['postgres', 'mysql'];

/** The local test services (no passwords), named to the url provider. */
const TEST_SERVER_URLS: Readonly<Record<Engine, string>> = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
};

/** A throwaway database on the local test server, created for one test file and dropped after it. */
export interface TestDatabase {
  readonly connection: ConnectionContext;
  drop(): Promise<void>;
}

/**
 * Creates `dbbench_reactive_test_<random>` on the engine's local server through the url provider,
 * which creates the work database and drops it again when the server is stopped.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const server = await startServer(engine, {
    provider: 'url',
    url: TEST_SERVER_URLS[engine],
    suite: 'reactive_test',
  });
  return { connection: toJsonConnectionInfo(server.connection), drop: () => server.stop() };
}

/** A hand-made benchmark context, as a fork would build it. */
export function contextFor(
  connection: ConnectionContext,
  params: ParamSet,
): BenchmarkContext<ConnectionContext> {
  return {
    params,
    runContext: connection,
    fork: 0,
    log: () => undefined,
    int(axis: string): number {
      const value = params[axis];
      if (value === undefined) throw new Error(`no parameter ${axis}`);
      return Number.parseInt(value, 10);
    },
    str(axis: string): string {
      const value = params[axis];
      if (value === undefined) throw new Error(`no parameter ${axis}`);
      return value;
    },
  };
}

/**
 * Runs a benchmark's whole lifecycle in this process the way the harness orders it (setupInvocation,
 * run, verify, teardownInvocation per invocation), and returns the results of `run`.
 */
export async function runLifecycle<State, Result>(
  benchmark: BenchmarkDefinition<State, ConnectionContext, Result>,
  ctx: BenchmarkContext<ConnectionContext>,
  invocations: number,
): Promise<Result[]> {
  const state = await benchmark.setupTrial(ctx);
  const results: Result[] = [];
  try {
    for (let invocation = 0; invocation < invocations; invocation++) {
      await benchmark.setupInvocation?.(state, ctx);
      const result = await benchmark.run(state, { consume: () => undefined }, ctx);
      await benchmark.verify?.(state, result, ctx);
      await benchmark.teardownInvocation?.(state, ctx);
      results.push(result);
    }
  } finally {
    await benchmark.teardownTrial?.(state, ctx);
  }
  return results;
}

/**
 * Polls until every connection of the pool is idle again, or `deadlineMs` passes; returns the last
 * idle count. A driver may hand a connection back a tick after the promise that used it settled
 * (mysql2 does after a cancelled stream); a leaked connection never comes back and fails the check.
 */
export async function idleCountAfterSettling(
  pool: { idleCount(): number; readonly size: number },
  deadlineMs = 2000,
): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  while (pool.idleCount() < pool.size && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return pool.idleCount();
}
