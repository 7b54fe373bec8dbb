/**
 * @dbbench/suite-pooled: the "JDBC-like" suite — request/response access over a connection pool,
 * written once for every engine. Suite modules: `dist/postgres-suite.js`, `dist/mysql-suite.js`.
 */
export { createSuite, POOLED_AXES, pooledBenchmarks, SUITE_NAME } from './suite.js';
export { SEED_POOL_SIZE, seedBenchmark } from './benchmarks/seed.js';
export {
  createJobBenchmark,
  JOB_GRIDS,
  jobBenchmark,
  jobIterations,
  type JobBenchmarkOptions,
} from './benchmarks/job.js';
export { limitBenchmark } from './benchmarks/limit.js';
export {
  createQueriesBenchmark,
  QUERY_KINDS,
  QUERY_SOURCE_ROWS,
  ROLLBACK_BATCH_ROWS,
  type QueryKind,
} from './benchmarks/queries.js';
export {
  contentionProfiler,
  createContentionBenchmark,
  isAcquireTimeout,
  parseAcquireTimeout,
  REQUESTS_PER_OPERATION,
} from './benchmarks/contention.js';
export {
  DEFAULT_CHUNK_SIZE,
  JOB_NAME,
  JobFailedError,
  KYSELY_JOB_WRITER,
  kyselyJobWriter,
  resumeJob,
  runJob,
  rowsPage,
  runPartition,
  transactionalChunkWriter,
  transformRows,
  wrapChunkWrites,
  type Chunk,
  type ChunkWriter,
  type ChunkWriteWrapper,
  type JobOptions,
  type JobRunResult,
  type JobWriter,
  type PageExtent,
  type PartitionIo,
  type PartitionOptions,
  type PartitionWork,
  type RowsPage,
} from './job/job-runner.js';
export {
  isWriterName,
  jobWriter,
  WRITER_NAMES,
  writerDisplayName,
  type WriterName,
} from './job/job-writers.js';
export { CHUNK_WRITERS, chunkWritersOf } from './job/engines/registry.js';
export type { ChunkCheckpoint, EngineChunkWriters } from './job/engines/engine-chunk-writers.js';
export { ClosedLoop, type ClosedLoopOptions, type ClosedLoopStats } from './contention/closed-loop.js';
export { selectOne } from './contention/select-one.js';
export {
  SEED_LOADERS,
  SEED_STRATEGIES,
  MULTI_ROW_BATCH_SIZE,
  multiRowBatchSize,
  seedBulk,
  seedMultiRow,
  seedRowByRow,
  type SeedStrategy,
} from './seed/seed-strategies.js';
