/**
 * The end-to-end batch job, as Spring Batch runs a partitioned step: plan contiguous key ranges,
 * run them concurrently on one pool, read each range by keyset pages, transform, and write each
 * chunk together with its checkpoint atomically. How pages are read and chunks written is a
 * {@link JobWriter} (see `job-writers.ts` for the `writer` axis). A partition restarted after a
 * failure resumes after its last checkpoint, so no row is written twice and none is skipped.
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
  type SourceRowInput,
  type TargetRow,
} from '@dbbench/databases';

/** Rows read per keyset page and written per transaction, unless the `chunkSize` axis says otherwise. */
export const DEFAULT_CHUNK_SIZE = 500;

/** The job name recorded in job_execution. */
export const JOB_NAME = 'source-to-target';

/** What the runner needs of a page it read: how many rows it holds and the key of the last one. */
export interface PageExtent {
  readonly rowCount: number;
  /** The source key of the page's last row (the greatest key); undefined when the page is empty. */
  readonly lastId: number | undefined;
}

/** A page of source rows as row objects, as Kysely and the drivers return them. */
export interface RowsPage extends PageExtent {
  readonly rows: readonly SourceRowInput[];
}

/** The {@link RowsPage} of `rows` (in key order). */
export function rowsPage(rows: readonly SourceRowInput[]): RowsPage {
  const last = rows.at(-1);
  return { rows, rowCount: rows.length, lastId: last === undefined ? undefined : Number(last.id) };
}

/**
 * One chunk on its way to the target table. `Rows` is the transformed rows in the form its writer
 * writes them: row objects for INSERTs, text for a bulk path.
 */
export interface Chunk<Rows = readonly TargetRow[]> {
  readonly jobId: number;
  readonly partitionNo: number;
  /** The page's rows, transformed. */
  readonly rows: Rows;
  readonly rowCount: number;
  /** The source key of the last row: the checkpoint to record with this chunk. */
  readonly lastId: number;
}

/**
 * Writes one chunk and its checkpoint through Kysely. Must be atomic: if the rows commit without the
 * checkpoint (or the reverse), a restart writes rows twice (or skips them).
 */
export type ChunkWriter = (db: Kysely<DbbenchDatabase>, chunk: Chunk) => Promise<void>;

/** The Kysely writer: one multi-row INSERT and the checkpoint update, committed together. */
export const transactionalChunkWriter: ChunkWriter = async (db, chunk) => {
  await db.transaction().execute(async (trx) => {
    await insertTargetRows(trx, chunk.rows);
    await recordCheckpoint(trx, chunk.jobId, chunk.partitionNo, chunk.lastId, chunk.rowCount);
  });
};

/**
 * How one running partition reads its pages, transforms them and writes its chunks. `Page` and `Rows`
 * are the writer's own forms (row objects, or text a bulk writer transforms without making objects);
 * the runner only reads a page's {@link PageExtent}.
 */
export interface PartitionIo<Page extends PageExtent = PageExtent, Rows = unknown> {
  /**
   * The first `limit` source rows (by key) with `afterId < id <= endId`: in key order, except that a
   * text page joined by the server may list its lines in any order (its `lastId` is still the greatest).
   */
  readPage(afterId: number, endId: number, limit: number): Promise<Page>;
  /** The job's transformation of every row of the page ({@link transformRow} or its text twin). */
  transform(page: Page): Rows;
  /** Writes the chunk and its checkpoint atomically. */
  writeChunk(chunk: Chunk<Rows>): Promise<void>;
}

/** What a partition does with its {@link PartitionIo}, whatever forms the writer uses. */
export type PartitionWork<T> = <Page extends PageExtent, Rows>(io: PartitionIo<Page, Rows>) => Promise<T>;

/**
 * A way to move a partition's rows: it provides the {@link PartitionIo} one partition runs on, for
 * as long as the partition runs. Injectable so tests can wrap a writer that fails or drops chunks.
 */
export interface JobWriter {
  withPartitionIo<T>(pool: MeteredPool, work: PartitionWork<T>): Promise<T>;
}

/**
 * A {@link JobWriter} over the pool's Kysely instance: every page read and every chunk transaction
 * borrows a connection of its own (five round trips per chunk: SELECT, BEGIN, INSERT, UPDATE, COMMIT).
 * It reads every column (`selectAll()`), as a straightforward Kysely job does.
 */
export function kyselyJobWriter(writer: ChunkWriter = transactionalChunkWriter): JobWriter {
  return {
    withPartitionIo(pool, work) {
      return work({
        readPage: async (afterId, endId, limit) =>
          rowsPage(
            await pool.db
              .selectFrom('source')
              .selectAll()
              .where('id', '>', afterId)
              .where('id', '<=', endId)
              .orderBy('id')
              .limit(limit)
              .execute(),
          ),
        transform: transformRows,
        writeChunk: (chunk) => writer(pool.db, chunk),
      });
    },
  };
}

/** {@link transformRow} over a page of row objects. */
export function transformRows(page: RowsPage): TargetRow[] {
  return page.rows.map(transformRow);
}

/** The default writer: Kysely multi-row INSERT + checkpoint per transaction. */
export const KYSELY_JOB_WRITER: JobWriter = kyselyJobWriter();

/** Wraps one chunk write: call `write` to write the chunk (or another with the same rows), or don't. */
export type ChunkWriteWrapper = <Rows>(
  chunk: Chunk<Rows>,
  write: (chunk: Chunk<Rows>) => Promise<void>,
) => Promise<void>;

/**
 * A {@link JobWriter} that wraps another one's chunk writes, e.g. to fail after k chunks or drop one.
 * `write` is the wrapped writer's own chunk write.
 */
export function wrapChunkWrites(writer: JobWriter, wrap: ChunkWriteWrapper): JobWriter {
  return {
    withPartitionIo(pool, work) {
      return writer.withPartitionIo(pool, (io) =>
        work({
          readPage: (afterId, endId, limit) => io.readPage(afterId, endId, limit),
          transform: (page) => io.transform(page),
          writeChunk: (chunk) => wrap(chunk, (inner) => io.writeChunk(inner)),
        }),
      );
    },
  };
}

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
  /** How chunks are read and written; default {@link KYSELY_JOB_WRITER}. */
  readonly writer?: JobWriter;
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
  readonly writer: JobWriter;
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
  const jobId = await startJob(pool, JOB_NAME, ranges);
  const partitionOptions = resolvePartitionOptions(options);
  const rowsWritten = await runToCompletion(
    pool.db,
    jobId,
    ranges.map((range) => runPartition(pool, jobId, range, partitionOptions)),
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
        runPartition(pool, jobId, rangeOf(partition), {
          ...partitionOptions,
          ...(partition.checkpointId === null ? {} : { resumeAfter: partition.checkpointId }),
        }),
      ),
  );
  return { jobId, ranges, rowsWritten };
}

/**
 * Runs one partition: keyset pages `id > last AND id <= end ORDER BY id LIMIT chunkSize` read and
 * written through the writer's {@link PartitionIo}, each page transformed in between, then marks the
 * partition COMPLETED. Returns rows written.
 */
export async function runPartition(
  pool: MeteredPool,
  jobId: number,
  range: KeyRange,
  options: PartitionOptions,
): Promise<number> {
  const rowsWritten = await options.writer.withPartitionIo(pool, async (io) => {
    let lastId = options.resumeAfter ?? range.start - 1;
    let written = 0;
    for (;;) {
      const page = await io.readPage(lastId, range.end, options.chunkSize);
      if (page.rowCount === 0 || page.lastId === undefined) break;
      lastId = page.lastId;
      const rows = io.transform(page);
      await io.writeChunk({ jobId, partitionNo: range.partitionNo, rows, rowCount: page.rowCount, lastId });
      written += page.rowCount;
      // A short page is the last one: skip the empty read that would confirm it.
      if (page.rowCount < options.chunkSize) break;
    }
    return written;
  });
  await completePartition(pool.db, jobId, range.partitionNo);
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
  return { chunkSize, writer: options.writer ?? KYSELY_JOB_WRITER };
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
