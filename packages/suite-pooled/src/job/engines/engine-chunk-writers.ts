/**
 * What the job's fast writers need of an engine: lean keyset reads and chunk writes on one held
 * session. The pooled suite owns this interface, since no other suite reads or writes this way; each
 * engine implements it in `engines/<engine>/<engine>-chunk-writers.ts`, registered in `registry.ts`.
 */
import type { Session, SourceRowInput, SourceText, TargetRow, TargetText } from '@dbbench/databases';

/** A partition's checkpoint, recorded with the chunk that ends at `lastId`. */
export interface ChunkCheckpoint {
  readonly jobId: number;
  readonly partitionNo: number;
  /** The source key of the chunk's last row. */
  readonly lastId: number;
}

/**
 * The batch job's lean reads and fast chunk writers (`<engine>-chunk-writers.ts`), all on one
 * checked-out session. Each writer commits the chunk and its checkpoint together or not at all.
 */
export interface EngineChunkWriters {
  /** How the docs name {@link writeAtomic}, e.g. `one-statement chunk + checkpoint (unnest)`. */
  readonly atomicName: string;
  /**
   * Runs one partition's reads and chunk writes on its held session, with the session set up for many
   * small commits and put back as it was afterwards. PostgreSQL: chunk commits do not wait for the WAL
   * flush (`synchronous_commit` off). Safe for the job: a chunk and its checkpoint commit together, so
   * a server crash can only lose the last chunks together with their checkpoints, which a resume
   * writes again; and the job's completion commits synchronously, which flushes every chunk before
   * the job reports COMPLETED. A session whose work threw is destroyed by the pool, never reused.
   */
  withPartitionSession<T>(session: Session, work: () => Promise<T>): Promise<T>;
  /**
   * Reads up to `limit` rows of `source` with `afterId < id <= endId` in key order, only the columns
   * the transformation needs (no `created_at`).
   */
  readSourcePage(
    session: Session,
    afterId: number,
    endId: number,
    limit: number,
  ): Promise<readonly SourceRowInput[]>;
  /** Writes the rows and moves the checkpoint in one round trip, atomically. */
  writeAtomic(session: Session, rows: readonly TargetRow[], checkpoint: ChunkCheckpoint): Promise<void>;
  /**
   * The same page as {@link readSourcePage}, as tab-separated text made by the server, for the bulk
   * writer: it is transformed text to text and never becomes row objects.
   */
  readSourceText(session: Session, afterId: number, endId: number, limit: number): Promise<SourceText>;
  /** Writes the text through the engine's bulk path (`engine.bulkLoad`) and the checkpoint in one transaction. */
  writeBulk(session: Session, rows: TargetText, checkpoint: ChunkCheckpoint): Promise<void>;
}
