/**
 * The end-to-end batch job, as Spring Batch runs a partitioned step: plan contiguous key ranges,
 * run them concurrently on one pool, read each range by keyset pages, transform, and write each
 * chunk together with its checkpoint in one transaction. A partition restarted after a failure
 * resumes after its last checkpoint, so no row is written twice and none is skipped.
 */
import type { Kysely } from 'kysely';
import {
  completePartition,
  finishJob,
  insertTargetRows,
  planPartitions,
  readPartitions,
  recordCheckpoint,
  startJob,
  transformRow,
  type DbbenchDatabase,
  type KeyRange,
  type MeteredPool,
  type PartitionExecution,
  type TargetRow,
} from '@dbbench/databases';

/** Rows read per keyset page and written per transaction, unless the `chunkSize` axis says otherwise. */
export const DEFAULT_CHUNK_SIZE = 500;

/** The job name recorded in job_execution. */
export const JOB_NAME = 'source-to-target';

/** One chunk on its way to the target table. */
export interface Chunk {
  readonly jobId: number;
  readonly partitionNo: number;
  /** Transformed rows, in key order. */
  readonly rows: readonly TargetRow[];
  /** The source key of the last row: the checkpoint to record with this chunk. */
  readonly lastId: number;
}

/**
 * Writes one chunk and its checkpoint. Must be atomic: if the rows commit without the checkpoint
 * (or the reverse), a restart writes rows twice (or skips them). Injectable so tests can pass a
 * faulty writer and prove verification catches it.
 */
export type ChunkWriter = (db: Kysely<DbbenchDatabase>, chunk: Chunk) => Promise<void>;

/** The real writer: one multi-row INSERT and the checkpoint update, committed together. */
export const transactionalChunkWriter: ChunkWriter = async (db, chunk) => {
  await db.transaction().execute(async (trx) => {
    await insertTargetRows(trx, chunk.rows);
    await recordCheckpoint(trx, chunk.jobId, chunk.partitionNo, chunk.lastId, chunk.rows.length);
  });
};

/** A job whose partition failed; the job is marked FAILED and can be resumed with {@link resumeJob}. */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';

  constructor(
    /** The job_execution id to resume. */
    readonly jobId: number,
    cause: unknown,
  ) {
    super(`job ${jobId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** How to run the job. */
export interface JobOptions {
  readonly partitions: number;
  readonly chunkSize?: number;
  readonly writer?: ChunkWriter;
}

/** What a finished job did. */
export interface JobRunResult {
  readonly jobId: number;
  readonly ranges: readonly KeyRange[];
  /** Rows written by this run (a resumed run counts only what it wrote itself). */
  readonly rowsWritten: number;
}

/** Where one partition starts reading and how it writes. */
export interface PartitionOptions {
  readonly chunkSize: number;
  readonly writer: ChunkWriter;
  /** Resume after this key (the partition's checkpoint); default: from the start of its range. */
  readonly resumeAfter?: number;
}

/**
 * Plans `partitions` key ranges, runs them all at once (partitions beyond the pool size queue for
 * connections), and marks the job COMPLETED, or FAILED and throws a {@link JobFailedError}. Every
 * partition runs concurrently (Promise.all semantics), but a failure waits for the others to settle.
 */
export async function runJob(pool: MeteredPool, options: JobOptions): Promise<JobRunResult> {
  const ranges = await planPartitions(pool, options.partitions);
  const jobId = await startJob(pool.db, JOB_NAME, ranges);
  const partitionOptions = resolvePartitionOptions(options);
  const rowsWritten = await runToCompletion(
    pool.db,
    jobId,
    ranges.map((range) => runPartition(pool.db, jobId, range, partitionOptions)),
  );
  return { jobId, ranges, rowsWritten };
}

/**
 * Restarts a job that failed: every partition not yet COMPLETED resumes after its recorded
 * checkpoint (or from its range start if it never wrote a chunk).
 */
export async function resumeJob(
  pool: MeteredPool,
  jobId: number,
  options: Omit<JobOptions, 'partitions'> = {},
): Promise<JobRunResult> {
  const partitions = await readPartitions(pool.db, jobId);
  const ranges = partitions.map(rangeOf);
  const partitionOptions = resolvePartitionOptions(options);
  const rowsWritten = await runToCompletion(
    pool.db,
    jobId,
    partitions
      .filter((partition) => partition.status !== 'COMPLETED')
      .map((partition) =>
        runPartition(pool.db, jobId, rangeOf(partition), {
          ...partitionOptions,
          ...(partition.checkpointId === null ? {} : { resumeAfter: partition.checkpointId }),
        }),
      ),
  );
  return { jobId, ranges, rowsWritten };
}

/**
 * Runs one partition: keyset pages `id > last AND id <= end ORDER BY id LIMIT chunkSize`, each
 * transformed and written by `writer`, then marks the partition COMPLETED. Returns rows written.
 */
export async function runPartition(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
  range: KeyRange,
  options: PartitionOptions,
): Promise<number> {
  let lastId = options.resumeAfter ?? range.start - 1;
  let rowsWritten = 0;
  for (;;) {
    const page = await db
      .selectFrom('source')
      .selectAll()
      .where('id', '>', lastId)
      .where('id', '<=', range.end)
      .orderBy('id')
      .limit(options.chunkSize)
      .execute();
    const last = page.at(-1);
    if (last === undefined) break;
    lastId = Number(last.id);
    const rows = page.map(transformRow);
    await options.writer(db, { jobId, partitionNo: range.partitionNo, rows, lastId });
    rowsWritten += rows.length;
    // A short page is the last one: skip the empty read that would confirm it.
    if (page.length < options.chunkSize) break;
  }
  await completePartition(db, jobId, range.partitionNo);
  return rowsWritten;
}

function rangeOf(partition: PartitionExecution): KeyRange {
  return { partitionNo: partition.partitionNo, start: partition.rangeStart, end: partition.rangeEnd };
}

function resolvePartitionOptions(options: Omit<JobOptions, 'partitions'>): PartitionOptions {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`);
  }
  return { chunkSize, writer: options.writer ?? transactionalChunkWriter };
}

/**
 * Waits for every partition to settle (a failed partition must not leave others writing while the job
 * is marked FAILED and possibly resumed), then marks the job COMPLETED, or FAILED and throws a
 * {@link JobFailedError} carrying the first partition error.
 */
async function runToCompletion(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
  partitions: readonly Promise<number>[],
): Promise<number> {
  const settled = await Promise.allSettled(partitions);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) {
    // Record the failure for a later resume, but report the partition's error, not this one's.
    await finishJob(db, jobId, 'FAILED').catch(() => undefined);
    throw new JobFailedError(jobId, failure.reason);
  }
  await finishJob(db, jobId, 'COMPLETED');
  return settled.reduce((total, outcome) => total + (outcome.status === 'fulfilled' ? outcome.value : 0), 0);
}
