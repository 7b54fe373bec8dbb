import type { Readable } from 'node:stream';

/** The inclusive key range a reader streams (structurally a `KeyRange` of @dbbench/databases). */
export interface KeyBounds {
  readonly start: number;
  readonly end: number;
}

/** The columns every range reader selects, in key order. */
export const RANGE_SELECT_SQL_COLUMNS = 'id, name, amount, category, created_at';

/**
 * One key range streamed from the server through a server-side cursor. `rows` is an object-mode
 * Readable of raw driver rows (normalise them with `toSourceRow`); it pulls the next rows from the
 * server only when its consumer asks, which is what makes the pipeline backpressured.
 */
export interface RangeReader {
  readonly rows: Readable;
  /**
   * Stop reading and leave the connection ready for its next command. Idempotent; safe after the
   * rows ended, after an error, or halfway through (then the cursor is closed or the rest drained).
   */
  close(): Promise<void>;
}
