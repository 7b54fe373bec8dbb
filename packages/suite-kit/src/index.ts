/**
 * @dbbench/suite-kit: what every database suite shares, written once — a suite definition with its
 * server options and run setup, trial opening, the run context, the common profilers, and the one
 * place where database errors become harness errors. Suites keep only their benchmarks.
 */
export { defineDatabaseSuite, type DatabaseSuiteSpec } from './database-suite.js';
export { MAX_DATA_SIZE, MAX_POOL_SIZE, WORKLOAD_AXIS_TYPES } from './workload-axis-types.js';
export {
  CPUS_AXIS,
  CPUS_AXIS_TYPE,
  cpusOf,
  limitsCpus,
  machineCpus,
  NO_CPU_QUOTA,
  parseCpus,
} from './cpus-axis.js';
export {
  CONNECTION_HEADROOM,
  DEFAULT_FIXED_POOL_SIZE,
  connectionsNeeded,
  startRunServer,
  type RunServerRequest,
} from './run-server.js';
export {
  PROVIDER_VARIABLE,
  parseProviderOption,
  parseReuseOption,
  providerChoices,
  serverOptions,
} from './server-options.js';
export { toHarnessError, withHarnessErrors } from './harness-errors.js';
export { DATABASE_COMMANDS } from './commands/index.js';
export { containersCommand, formatContainerList, formatRemoval } from './commands/containers-command.js';
export {
  toRunContext,
  toRunDatabaseInfo,
  type RunContext,
  type RunDatabaseInfo,
  type SuiteContext,
} from './run-context.js';
export { openTrial, type TrialOptions } from './trial.js';
export { pooledJobLikeStreaming, STREAMING_LIKE_POOLED_WRITER } from './streaming-vs-pooled.js';
export { standardProfilers, type StandardProfilerOptions } from './profilers/standard-profilers.js';
export { nestedProfilers } from './profilers/nested-profilers.js';
export { DETERMINISTIC_WORK, WORK_METRICS, workProfiler } from './profilers/work-profiler.js';
export { poolProfiler } from './profilers/pool-profiler.js';
export { acquireTallyProfiler } from './profilers/acquire-tally-profiler.js';
export { ROWS_PER_SECOND, rowsPerSecondProfiler } from './profilers/rows-per-second-profiler.js';
export { counterDeltas, serverCountersProfiler } from './profilers/server-counters-profiler.js';
export { MEMORY_SAMPLE_INTERVAL_MS, MemorySampler, type MemoryPeaks } from './profilers/memory-sampler.js';
export { MemoryPeaksRecorder, memoryProfiler } from './profilers/memory-profiler.js';
export {
  DEFAULT_SIZE_ITERATIONS,
  DEFAULT_SIZE_WARMUPS,
  iterationsBySize,
  type SizeIterations,
} from './size-iterations.js';
