/**
 * @dbbench/suite-reactive: the reactive-driver suite — cursor streams with backpressure, written
 * once for every engine. Suite modules: `dist/postgres-suite.js`, `dist/mysql-suite.js`.
 */
export { createSuite, DEFAULT_AXES, QUICK_AXES, REACTIVE_AXIS_TYPES, SUITE_NAME } from './suite.js';
export {
  ROW_STREAM_HIGH_WATER_MARK,
  runStreamingJob,
  type PartitionReport,
  type StreamingJobOptions,
  type StreamingJobResult,
} from './job/streaming-job.js';
export { MIN_STREAMING_POOL_SIZE, partitionConcurrency } from './job/partition-concurrency.js';
export { ENGINE_STREAMS, streamsOf } from './streams/engines/registry.js';
export type {
  EngineStreams,
  KeyBounds,
  RangeReader,
  RecordChunkCheckpoint,
} from './streams/engines/engine-streams.js';
export { ChunkWriter, type ChunkWriterOptions, type FlushChunk } from './streams/chunk-writer.js';
export { StreamCounters } from './streams/stream-counters.js';
export { TargetRowTransform, type RowTransform } from './streams/target-row-transform.js';
export { seedBenchmark, SEED_ROWS_PER_CHUNK } from './benchmarks/seed.js';
export { createJobBenchmark, DEFAULT_CHUNK_SIZE } from './benchmarks/job.js';
export { chunksBenchmark } from './benchmarks/chunks.js';
export { memoryBenchmark, SLOW_WRITER_DELAY_MS } from './benchmarks/memory.js';
