export { countRows, resetSource, resetTarget, settleWrites } from './reset-tables.js';
export { createSchema, WORKLOAD_TABLES, type SchemaOptions } from './schema.js';
export {
  LARGE_AMOUNT_CENTS,
  TARGET_COLUMNS,
  TAX_PERCENT,
  transformRow,
  type SourceRowInput,
  type TargetRow,
} from './transform-row.js';
export { insertTargetFromSourceSql, transformExpressions } from './transform-sql.js';
export { insertSourceRows, prepareSource, seedSource, type SourcePreparation } from './seed-source.js';
export {
  CHECKSUM_PARTS,
  expectTarget,
  verifyTarget,
  type TargetExpectation,
  type TargetVerification,
} from './verify-target.js';
export { assertPageBounds, planPartitions, splitKeyRange, type KeyRange } from './key-ranges.js';
export {
  checkpointUpdateSql,
  completePartition,
  finishJob,
  readPartitions,
  recordCheckpoint,
  startJob,
  verifyCheckpoints,
  type JobStatus,
  type PartitionExecution,
} from './job-repository.js';
export { insertTargetRows, maxRowsPerStatement } from './insert-target-rows.js';
export { targetRowsText } from './target-rows-text.js';
export { forEachSourceLine, occurrences, type SourceLineVisitor } from './source-lines.js';
export { sourceTextOf, transformSourceText, type SourceText, type TargetText } from './transform-text.js';
export { warmCaches, type CacheWarmup } from './warm-caches.js';
export {
  readServerCounters,
  serverCounterDeltas,
  serverCounterUnit,
  subtractCounters,
  type ServerCounterDeltas,
} from './server-counters.js';
