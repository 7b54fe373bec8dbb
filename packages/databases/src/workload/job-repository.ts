import { sql, type Insertable, type Kysely } from 'kysely';
import { engineOfKysely } from '../engines/registry.js';
import type { DbbenchDatabase, JobExecutionTable, MeteredPool } from '../types.js';
import type { KeyRange } from './key-ranges.js';

/**
 * A small job repository, as Spring Batch keeps one: a row per job run and a row per partition with
 * its checkpoint (the last source id written), so a restarted job resumes where it stopped and a
 * finished one can be audited. Every function takes a Kysely instance or a transaction
 * (`Transaction` is a `Kysely`), so a checkpoint commits atomically with the chunk it describes.
 */

/** Job and partition statuses. */
export type JobStatus = 'STARTED' | 'COMPLETED' | 'FAILED';

/** A partition_execution row with numbers normalised across drivers. */
export interface PartitionExecution {
  readonly jobId: number;
  readonly partitionNo: number;
  readonly rangeStart: number;
  readonly rangeEnd: number;
  /** Last source id written, or null before the first chunk. */
  readonly checkpointId: number | null;
  readonly rowsWritten: number;
  readonly status: string;
}

/** Records a new job run and one STARTED partition per range; returns the job id. */
export async function startJob(
  db: Kysely<DbbenchDatabase>,
  jobName: string,
  partitions: readonly KeyRange[],
): Promise<number> {
  const job: Insertable<JobExecutionTable> = {
    job_name: jobName,
    status: 'STARTED',
    partitions: partitions.length,
  };
  const jobId = await engineOfKysely(db).sql.insertJob(db, job);
  if (partitions.length > 0) {
    await db
      .insertInto('partition_execution')
      .values(
        partitions.map((range) => ({
          job_id: jobId,
          partition_no: range.partitionNo,
          range_start: range.start,
          range_end: range.end,
          checkpoint_id: null,
          rows_written: 0,
          status: 'STARTED',
        })),
      )
      .execute();
  }
  return jobId;
}

/**
 * Moves a partition's checkpoint to `lastId` and adds the chunk's rows. Run it in the chunk's own
 * transaction: then the checkpoint can never be ahead of, or behind, the rows it describes.
 */
export async function recordCheckpoint(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
  partitionNo: number,
  lastId: number,
  rowsWrittenDelta: number,
): Promise<void> {
  await db
    .updateTable('partition_execution')
    .set((eb) => ({ checkpoint_id: lastId, rows_written: eb('rows_written', '+', rowsWrittenDelta) }))
    .where('job_id', '=', jobId)
    .where('partition_no', '=', partitionNo)
    .execute();
}

/** Marks one partition COMPLETED. */
export async function completePartition(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
  partitionNo: number,
): Promise<void> {
  await db
    .updateTable('partition_execution')
    .set({ status: 'COMPLETED' })
    .where('job_id', '=', jobId)
    .where('partition_no', '=', partitionNo)
    .execute();
}

/** Ends a job run with `status` and the server's current time. */
export async function finishJob(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
  status: JobStatus,
): Promise<void> {
  await db
    .updateTable('job_execution')
    .set({ status, finished_at: sql<Date>`CURRENT_TIMESTAMP` })
    .where('id', '=', jobId)
    .execute();
}

/** A job's partitions in partition order. */
export async function readPartitions(
  db: Kysely<DbbenchDatabase>,
  jobId: number,
): Promise<PartitionExecution[]> {
  const rows = await db
    .selectFrom('partition_execution')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('partition_no')
    .execute();
  return rows.map((row) => ({
    jobId: Number(row.job_id),
    partitionNo: Number(row.partition_no),
    rangeStart: Number(row.range_start),
    rangeEnd: Number(row.range_end),
    checkpointId: row.checkpoint_id === null ? null : Number(row.checkpoint_id),
    rowsWritten: Number(row.rows_written),
    status: row.status,
  }));
}

/**
 * Checks that a job really finished every range: each partition exists with the planned bounds,
 * is COMPLETED, and its checkpoint is the last source id inside its range (null for a range with no
 * rows). Run it outside the timed region.
 */
export async function verifyCheckpoints(
  pool: MeteredPool,
  jobId: number,
  ranges: readonly KeyRange[],
): Promise<{ ok: boolean; message: string }> {
  const partitions = new Map((await readPartitions(pool.db, jobId)).map((p) => [p.partitionNo, p]));
  const problems: string[] = [];
  if (partitions.size !== ranges.length) {
    problems.push(`job ${jobId} has ${partitions.size} partitions, expected ${ranges.length}`);
  }
  for (const range of ranges) {
    const partition = partitions.get(range.partitionNo);
    if (partition === undefined) {
      problems.push(`partition ${range.partitionNo} is missing`);
      continue;
    }
    if (partition.rangeStart !== range.start || partition.rangeEnd !== range.end) {
      problems.push(
        `partition ${range.partitionNo} covers ${partition.rangeStart}..${partition.rangeEnd}, expected ${range.start}..${range.end}`,
      );
    }
    if (partition.status !== 'COMPLETED') {
      problems.push(`partition ${range.partitionNo} is ${partition.status}, expected COMPLETED`);
    }
    const last = await pool.db
      .selectFrom('source')
      .select((eb) => eb.fn.max('id').as('last_id'))
      .where('id', '>=', range.start)
      .where('id', '<=', range.end)
      .executeTakeFirstOrThrow();
    const lastId = last.last_id === null ? null : Number(last.last_id);
    if (partition.checkpointId !== lastId) {
      problems.push(
        `partition ${range.partitionNo} checkpoint expected ${lastId ?? 'none'}, actual ${partition.checkpointId ?? 'none'}`,
      );
    }
  }
  return problems.length === 0
    ? { ok: true, message: `job ${jobId}: all ${ranges.length} partitions completed at their last key` }
    : { ok: false, message: `job ${jobId}: ${problems.join('; ')}` };
}

/**
 * The checkpoint UPDATE of {@link recordCheckpoint} as SQL text with its integers inlined, for writers
 * that send it in the same round trip as other statements (multi-statement text takes no bind
 * parameters). Both engines spell it the same way. Throws on anything but safe integers, so nothing
 * but digits can reach the text.
 */
export function checkpointUpdateSql(
  jobId: number,
  partitionNo: number,
  lastId: number,
  rowsWrittenDelta: number,
): string {
  for (const value of [jobId, partitionNo, lastId, rowsWrittenDelta]) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`checkpoint values must be integers, got ${value}`);
  }
  return (
    `UPDATE partition_execution SET checkpoint_id = ${lastId}, rows_written = rows_written + ${rowsWrittenDelta} ` +
    `WHERE job_id = ${jobId} AND partition_no = ${partitionNo}`
  );
}
