import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  completePartition,
  finishJob,
  planPartitions,
  recordCheckpoint,
  startJob,
  transformRow,
  type KeyRange,
  type MeteredPool,
  type TargetRow,
} from '@dbbench/databases';
import { ChunkWriter } from '../streams/chunk-writer.js';
import { rangeReaderOf, streamsOf } from '../streams/engines/registry.js';
import { StreamCounters } from '../streams/stream-counters.js';
import { TargetRowTransform, type RowTransform } from '../streams/target-row-transform.js';
import { partitionConcurrency, runLimited } from './partition-concurrency.js';

/** Object-mode highWaterMark of the transform and the writer: rows buffered before upstream pauses. */
export const ROW_STREAM_HIGH_WATER_MARK = 16;

/** Options of one run of the streaming job. */
export interface StreamingJobOptions {
  /** Key-range partitions, planned from MIN/MAX(id) by `planPartitions`. */
  readonly partitions: number;
  /** Rows per cursor batch (PostgreSQL) and per flushed chunk (both engines). */
  readonly chunkSize: number;
  /** A pause after every flushed chunk: a deliberately slow writer (memory benchmark, backpressure test). */
  readonly writeDelayMs?: number;
  /** The row transform; default `transformRow`. Tests pass one that throws to break a stream midway. */
  readonly transform?: RowTransform;
  /** Name in job_execution; default `reactive-job`. */
  readonly jobName?: string;
}

/** What one partition did. */
export interface PartitionReport {
  readonly partitionNo: number;
  readonly rowsRead: number;
  readonly rowsWritten: number;
  readonly chunksWritten: number;
  /** Largest number of rows read but not yet flushed at one moment: the backpressure bound. */
  readonly maxReadAheadRows: number;
  /** How long the reader held its connection, ms. */
  readonly connectionHoldMs: number;
}

/** What one run of the streaming job did (for verification and secondary metrics). */
export interface StreamingJobResult {
  readonly jobId: number;
  readonly ranges: readonly KeyRange[];
  readonly rowsWritten: number;
  /** From the start of the run to the first row reaching this process, ms (NaN when no row came). */
  readonly timeToFirstRowMs: number;
  /** Partitions that streamed at once. */
  readonly concurrency: number;
  readonly partitions: readonly PartitionReport[];
}

/**
 * The streaming batch job: per key-range partition, a cursor stream → a Transform that derives the
 * target row → a chunk writer, joined by `stream.pipeline` so a slow writer slows the reader. Each
 * flushed chunk is checkpointed in the job repository. The job is recorded FAILED and the error
 * rethrown if any partition fails; by then every reader is closed and every connection released.
 */
export async function runStreamingJob(
  pool: MeteredPool,
  options: StreamingJobOptions,
): Promise<StreamingJobResult> {
  const startedAtMs = performance.now();
  const ranges = await planPartitions(pool, options.partitions);
  const concurrency = partitionConcurrency(pool.size, ranges.length);
  const jobId = await startJob(pool, options.jobName ?? 'reactive-job', ranges);
  const controller = new AbortController();
  const outcomes = await runLimited(
    concurrency,
    ranges.map((range) => (signal: AbortSignal) => runPartition(pool, jobId, range, options, signal)),
    controller,
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) {
    await finishJob(pool.db, jobId, 'FAILED');
    // The first failure aborted the others; report it, not their "operation was aborted".
    throw controller.signal.aborted ? controller.signal.reason : failure.reason;
  }
  await finishJob(pool.db, jobId, 'COMPLETED');
  const reports = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<PartitionRun>).value);
  const firstRowAtMs = Math.min(...reports.map((report) => report.firstRowAtMs ?? Number.POSITIVE_INFINITY));
  return {
    jobId,
    ranges,
    rowsWritten: reports.reduce((total, report) => total + report.rowsWritten, 0),
    timeToFirstRowMs: Number.isFinite(firstRowAtMs) ? firstRowAtMs - startedAtMs : Number.NaN,
    concurrency,
    partitions: reports.map(({ firstRowAtMs: _firstRowAtMs, ...report }) => report),
  };
}

interface PartitionRun extends PartitionReport {
  readonly firstRowAtMs: number | undefined;
}

async function runPartition(
  pool: MeteredPool,
  jobId: number,
  range: KeyRange,
  options: StreamingJobOptions,
  signal: AbortSignal,
): Promise<PartitionRun> {
  const counters = new StreamCounters();
  const streams = streamsOf(pool.engine);
  const openRangeReader = rangeReaderOf(pool);
  const flush = async (rows: TargetRow[]): Promise<void> => {
    const lastRow = rows[rows.length - 1];
    if (lastRow === undefined) return;
    await streams.writeTargetChunk(pool, rows, (transaction) =>
      recordCheckpoint(transaction, jobId, range.partitionNo, lastRow.source_id, rows.length),
    );
    if (options.writeDelayMs !== undefined && options.writeDelayMs > 0) await sleep(options.writeDelayMs);
    counters.noteWritten(rows.length);
  };

  let connectionHoldMs = 0;
  // The pool destroys a connection whose callback throws (it may be mid-protocol). A stream that
  // failed but was closed cleanly leaves a healthy connection, so the error is carried out instead.
  const outcome = await pool.withConnection(async (session): Promise<{ error?: unknown }> => {
    const heldFromMs = performance.now();
    const reader = openRangeReader(session, range, options.chunkSize, (rows) => counters.noteRead(rows));
    let error: unknown;
    try {
      await pipeline(
        reader.rows,
        new TargetRowTransform(options.transform ?? transformRow, ROW_STREAM_HIGH_WATER_MARK),
        new ChunkWriter<TargetRow>({
          chunkSize: options.chunkSize,
          flush,
          highWaterMark: ROW_STREAM_HIGH_WATER_MARK,
        }),
        { signal },
      );
    } catch (caught) {
      error = caught;
    }
    await reader.close();
    connectionHoldMs = performance.now() - heldFromMs;
    return error === undefined ? {} : { error };
  });
  if ('error' in outcome) throw outcome.error;
  await completePartition(pool.db, jobId, range.partitionNo);
  return {
    partitionNo: range.partitionNo,
    rowsRead: counters.rowsRead,
    rowsWritten: counters.rowsWritten,
    chunksWritten: counters.chunksWritten,
    maxReadAheadRows: counters.maxReadAheadRows,
    connectionHoldMs,
    firstRowAtMs: counters.firstRowAtMs,
  };
}
