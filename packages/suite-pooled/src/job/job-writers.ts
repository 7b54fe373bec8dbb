/**
 * The job's writer strategies, the `writer` axis: the same partitioned job with the same restart
 * semantics (a chunk and its checkpoint commit together, a resumed partition continues after its
 * checkpoint), moving rows three ways. The two fast writers hold one session per partition, set up
 * by the engine for many small commits (on PostgreSQL they do not wait for the WAL flush; the job's
 * synchronous completion makes every chunk durable), and read only the columns the transformation
 * needs; the engine's chunk writers (`engines/<engine>/<engine>-chunk-writers.ts`) supply their SQL.
 */
import {
  transformSourceText,
  type Engine,
  type MeteredPool,
  type Session,
  type SourceText,
  type TargetRow,
  type TargetText,
} from '@dbbench/databases';
import {
  KYSELY_JOB_WRITER,
  rowsPage,
  transformRows,
  type JobWriter,
  type PageExtent,
  type PartitionIo,
  type PartitionWork,
  type RowsPage,
} from './job-runner.js';
import type { EngineChunkWriters } from './engines/engine-chunk-writers.js';
import { chunkWritersOf } from './engines/registry.js';

/** The values of the `writer` axis, slowest first. */
export const WRITER_NAMES = ['kysely', 'atomic', 'copy'] as const;

/** A value of the `writer` axis. */
export type WriterName = (typeof WRITER_NAMES)[number];

/** Whether `value` is a value of the `writer` axis. */
export function isWriterName(value: string): value is WriterName {
  return (WRITER_NAMES as readonly string[]).includes(value);
}

/**
 * What the docs call each writer on `engine`, e.g. `copy` → `COPY` on PostgreSQL and `LOAD DATA LOCAL`
 * on MySQL.
 *
 * @example
 * ```ts
 * writerDisplayName(pool.engine, 'atomic') // on PostgreSQL: 'one-statement chunk + checkpoint (unnest)'
 * ```
 */
export function writerDisplayName(engine: Engine, writer: WriterName): string {
  switch (writer) {
    case 'kysely':
      return 'Kysely multi-row INSERT';
    case 'atomic':
      return chunkWritersOf(engine).atomicName;
    case 'copy':
      return `${engine.bulkLoad.name} per chunk`;
  }
}

/**
 * A writer that holds one session for the whole partition, set up by the engine for chunk commits
 * (`withPartitionSession`: on PostgreSQL, commits that do not wait for the WAL flush). Holding the
 * session saves an acquire per statement and lets prepared statements stay on one connection; a
 * partition beyond the pool size waits for a whole partition to finish, which the job's partitions
 * (at most the pool size by default) never do.
 */
function sessionJobWriter<Page extends PageExtent, Rows>(
  writers: EngineChunkWriters,
  open: (session: Session) => PartitionIo<Page, Rows>,
): JobWriter {
  return {
    withPartitionIo<T>(pool: MeteredPool, work: PartitionWork<T>): Promise<T> {
      return pool.withConnection((session) =>
        writers.withPartitionSession(session, () => work(open(session))),
      );
    },
  };
}

/**
 * The {@link JobWriter} for a value of the `writer` axis on `engine`:
 * - `kysely`: Kysely multi-row INSERT and checkpoint UPDATE in an explicit transaction, every column
 *   read through Kysely (five round trips per chunk);
 * - `atomic`: the engine's lean keyset page as row objects, and the chunk and its checkpoint in one
 *   round trip, atomic on the server (PostgreSQL one statement over `unnest` arrays; MySQL one
 *   multi-statement transaction);
 * - `copy`: the page as text made by the server, transformed text to text with no row objects
 *   ({@link transformSourceText}), written through the engine's bulk path (COPY, LOAD DATA LOCAL) in
 *   a transaction that also moves the checkpoint.
 */
export function jobWriter(engine: Engine, writer: WriterName): JobWriter {
  const writers = chunkWritersOf(engine);
  switch (writer) {
    case 'kysely':
      return KYSELY_JOB_WRITER;
    case 'atomic':
      return sessionJobWriter<RowsPage, TargetRow[]>(writers, (session) => ({
        readPage: async (afterId, endId, limit) =>
          rowsPage(await writers.readSourcePage(session, afterId, endId, limit)),
        transform: transformRows,
        writeChunk: (chunk) => writers.writeAtomic(session, chunk.rows, chunk),
      }));
    case 'copy':
      return sessionJobWriter<SourceText, TargetText>(writers, (session) => ({
        readPage: (afterId, endId, limit) => writers.readSourceText(session, afterId, endId, limit),
        transform: transformSourceText,
        writeChunk: (chunk) => writers.writeBulk(session, chunk.rows, chunk),
      }));
  }
}
