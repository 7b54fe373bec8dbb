/**
 * A suite written once and run on every engine: the harness's suite definition with the server
 * options and the run setup filled in for one engine.
 */
import type { EngineName } from '@dbbench/databases';
import { defineSuite, type SuiteDefinition } from '@dbbench/harness';
import type { RunContext } from './run-context.js';
import { checkRunServer, startRunServer } from './run-server.js';
import { serverOptions } from './server-options.js';
import { WORKLOAD_AXIS_TYPES } from './workload-axis-types.js';

/** A suite definition without what {@link defineDatabaseSuite} fills in. */
export type DatabaseSuiteSpec = Omit<
  SuiteDefinition<RunContext>,
  'database' | 'options' | 'checkRun' | 'setupRun'
> & {
  /** Pool size of the benchmarks that have no `poolSize` axis (sizes the server); default 10. */
  readonly fixedPoolSize?: number;
};

/**
 * The suite `spec` on `engine`: reports are named after the engine, `--provider`, `--url`,
 * `--image` and `--reuse` choose the server, the parent obtains it once, sized for the planned
 * pools, and the shared workload axes (dataSize, poolSize, partitions, chunkSize) get their types.
 *
 * @example
 * ```ts
 * export function createSuite(engine: EngineName) {
 *   return defineDatabaseSuite(engine, { name: 'pooled', description: '…', axes, benchmarks });
 * }
 * ```
 */
export function defineDatabaseSuite(
  engine: EngineName,
  spec: DatabaseSuiteSpec,
): SuiteDefinition<RunContext> {
  const { fixedPoolSize, ...suite } = spec;
  const sharedTypes = Object.entries(WORKLOAD_AXIS_TYPES).filter(([axis]) => axis in suite.axes);
  return defineSuite<RunContext>({
    ...suite,
    axisTypes: { ...Object.fromEntries(sharedTypes), ...suite.axisTypes },
    database: engine,
    options: serverOptions(engine),
    checkRun: (options, plan) => checkRunServer(engine, options, plan),
    setupRun: (options, log, plan) =>
      startRunServer(
        { engine, suite: suite.name, ...(fixedPoolSize === undefined ? {} : { fixedPoolSize }) },
        options,
        log,
        plan,
      ),
  });
}
