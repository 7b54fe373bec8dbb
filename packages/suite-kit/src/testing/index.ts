/** `@dbbench/suite-kit/testing`: helpers for the suites' integration tests. */
export {
  benchmarkContext,
  metricValue,
  runLifecycle,
  runProfiledIteration,
  type LifecycleRun,
} from './benchmark-lifecycle.js';
export { checkEngineFolders, type EngineFoldersReport } from './engine-folders.js';
export { readmeTableProblems } from './readme-tables.js';
