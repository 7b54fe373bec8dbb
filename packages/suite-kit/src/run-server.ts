/**
 * A suite's parent-side run setup: obtain the server once, sized for the run that is about to
 * happen, and hand back plain data for the forks and the report plus a way to stop it.
 */
import { startServer, type EngineName } from '@dbbench/databases';
import type { RunPlan, RunSetup } from '@dbbench/harness';
import { withHarnessErrors } from './harness-errors.js';
import { toRunContext, toRunDatabaseInfo, type RunContext } from './run-context.js';
import { parseProviderOption, parseReuseOption } from './server-options.js';

/**
 * Connections the server must accept beyond the pools the run opens at once: verification and
 * setup connections, and headroom.
 */
export const CONNECTION_HEADROOM = 20;

/** The pool size a suite's benchmarks use where `poolSize` is not one of their axes. */
export const DEFAULT_FIXED_POOL_SIZE = 10;

/**
 * Connections a run needs: its largest pool — the largest `poolSize` any planned combination asks
 * for, or the pool size benchmarks without that axis fix — times the forks that hold pools at once,
 * plus {@link CONNECTION_HEADROOM}.
 */
export function connectionsNeeded(plan: RunPlan, fixedPoolSize: number = DEFAULT_FIXED_POOL_SIZE): number {
  const poolSizes = plan.combinations.flatMap((combination) => {
    const value = combination.params['poolSize'];
    return value === undefined ? [fixedPoolSize] : [Number(value)];
  });
  const largest = Math.max(fixedPoolSize, ...poolSizes.filter(Number.isFinite));
  return largest * Math.max(1, plan.concurrentForks) + CONNECTION_HEADROOM;
}

/** Which suite starts the run, on which engine. */
export interface RunServerRequest {
  readonly engine: EngineName;
  /** Suite name, used in the `dbbench_<suite>_<random>` database name. */
  readonly suite: string;
  /** Pool size of the benchmarks that have no `poolSize` axis; default {@link DEFAULT_FIXED_POOL_SIZE}. */
  readonly fixedPoolSize?: number;
}

/**
 * Starts the run's server from the suite's option values (`provider`, `url`, `image`, `reuse`; absent ones
 * take their defaults) with room for the plan's largest pool: a server dbbench starts itself gets
 * that max_connections, a named server that allows fewer fails here, before anything is measured.
 * Bad values and servers that cannot be obtained are `DbbenchError`s saying what to fix.
 */
export function startRunServer(
  request: RunServerRequest,
  options: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void,
  plan: RunPlan,
): Promise<RunSetup<RunContext>> {
  return withHarnessErrors(async () => {
    const { url, image } = options;
    const server = await startServer(request.engine, {
      suite: request.suite,
      provider: parseProviderOption(request.engine, options['provider']),
      ...(url === undefined ? {} : { url }),
      ...(image === undefined ? {} : { image }),
      reuse: parseReuseOption(options['reuse']),
      minConnections: connectionsNeeded(plan, request.fixedPoolSize),
      log,
    });
    return {
      context: toRunContext(server.connection),
      info: { database: toRunDatabaseInfo(server.info) },
      description: `${server.info.product} (${server.info.provider})`,
      dispose: () => withHarnessErrors(() => server.stop()),
    };
  });
}
