import {
  createPool,
  createSchema,
  driverNames,
  ENGINE_NAMES,
  seedSource,
  startServer,
  type EngineName,
  type MeteredPool,
} from '@dbbench/databases';
import type { BenchmarkContext, BenchmarkDefinition } from '@dbbench/harness';
import { toRunContext, type RunContext } from '@dbbench/suite-kit';
import { benchmarkContext, runLifecycle as runKitLifecycle } from '@dbbench/suite-kit/testing';

type Engine = EngineName;
type ConnectionContext = RunContext;

/** The engines every integration test loops over. */
export const ENGINES: readonly Engine[] = ENGINE_NAMES;

/** Every engine with each of its Node drivers: the streaming tests loop over these. */
export const ENGINE_DRIVERS: readonly (readonly [Engine, string])[] = ENGINES.flatMap((engine) =>
  driverNames(engine).map((driver) => [engine, driver] as const),
);

/**
 * A pool of `size` on `driver` over tables created and `sourceRows` seeded through the engine's
 * first driver (its bulk path), as a benchmark's trial prepares them.
 */
export async function seededPool(
  connection: ConnectionContext,
  driver: string,
  size: number,
  sourceRows: number,
): Promise<MeteredPool> {
  const setup = await createPool(connection, { size: 1 });
  try {
    await createSchema(setup);
    await seedSource(setup, sourceRows);
  } finally {
    await setup.close();
  }
  return createPool(connection, { size, driver });
}

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
  return { connection: toRunContext(server.connection), drop: () => server.stop() };
}

/** A hand-made benchmark context, as a fork would build it. */
export const contextFor = benchmarkContext;

/**
 * Runs a benchmark's whole lifecycle in this process the way the harness orders it (setupInvocation,
 * run, verify, teardownInvocation per invocation), and returns the results of `run`.
 */
export async function runLifecycle<State, Result>(
  benchmark: BenchmarkDefinition<State, ConnectionContext, Result>,
  ctx: BenchmarkContext<ConnectionContext>,
  invocations: number,
): Promise<Result[]> {
  return (await runKitLifecycle(benchmark, ctx, { invocations })).results;
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
