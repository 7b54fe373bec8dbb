/**
 * The real local servers the integration tests run against, through the url provider: each test
 * file gets its own `dbbench_pooled_test_…` database, dropped afterwards.
 */
import { ENGINE_NAMES, startServer, type EngineName, type StartedServer } from '@dbbench/databases';
import type { BenchmarkContext, ParamSet } from '@dbbench/harness';
import { toRunContext, type RunContext } from '@dbbench/suite-kit';
import { benchmarkContext as kitBenchmarkContext } from '@dbbench/suite-kit/testing';

export { runLifecycle, runProfiledIteration } from '@dbbench/suite-kit/testing';

type Engine = EngineName;
type PooledRunContext = RunContext;

/** Every engine the suite runs on; tests loop over it. */
export const ENGINES: readonly Engine[] = ENGINE_NAMES;

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
  return kitBenchmarkContext(toRunContext(server.connection), params);
}
