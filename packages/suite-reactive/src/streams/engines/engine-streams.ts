/**
 * What the streaming job needs of an engine: a backpressured reader of one key range for each of
 * its Node drivers and a writer of one chunk with its checkpoint. The reactive suite owns this
 * interface, since no other suite streams; each engine implements it in `engines/<engine>/`
 * (`<engine>-range-reader.ts` for the first driver, `<engine>-second-range-reader.ts` for the second,
 * `<engine>-target-writer.ts`, put together in `index.ts`), registered in `registry.ts`.
 */
import type { DbbenchDatabase, MeteredPool, Session, TargetRow } from '@dbbench/databases';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';

/** One key range streamed from the server with backpressure. */
export interface RangeReader {
  /** Object-mode Readable of raw driver rows (`id, name, amount, category, created_at`). */
  readonly rows: Readable;
  /** Stops reading and leaves the session ready for its next command; idempotent. */
  close(): Promise<void>;
}

/** An inclusive key range to stream. */
export interface KeyBounds {
  readonly start: number;
  readonly end: number;
}

/** Records a chunk's checkpoint through the chunk's own transaction. */
export type RecordChunkCheckpoint = (transaction: Kysely<DbbenchDatabase>) => Promise<void>;

/**
 * Opens a backpressured reader of one key range of `source` on a checked-out session; the driver
 * fetches at most `batchSize` rows per round trip where it batches at all. `onRowsRead` is told how
 * many rows each fetch handed over.
 */
export type OpenRangeReader = (
  session: Session,
  range: KeyBounds,
  batchSize: number,
  onRowsRead: (rows: number) => void,
) => RangeReader;

/** Streaming reads and chunk writes (`<engine>-range-reader.ts`, `<engine>-target-writer.ts`). */
export interface EngineStreams {
  /**
   * The range reader of each of the engine's Node drivers, by its `driver` axis name (pg-cursor and
   * postgres.js `cursor()`; mysql2's and the MariaDB connector's row streams).
   */
  readonly rangeReaders: Readonly<Record<string, OpenRangeReader>>;
  /** How {@link writeTargetChunk} writes rows, for the docs (e.g. `COPY`, `multi-row INSERT`). */
  readonly targetWriterName: string;
  /**
   * Writes one chunk of target rows and its checkpoint in one transaction on one connection of the
   * pool — whichever of the engine's drivers it speaks through — so the checkpoint can never name
   * rows that are not there.
   */
  writeTargetChunk(
    pool: MeteredPool,
    rows: readonly TargetRow[],
    recordCheckpoint: RecordChunkCheckpoint,
  ): Promise<void>;
}
