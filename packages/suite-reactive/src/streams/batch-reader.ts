/**
 * A {@link RangeReader} over a source that hands rows over a batch at a time (a server-side
 * portal: pg-cursor's `read(n)`, postgres.js's `cursor(n)`): the next batch is fetched only when the
 * consumer has drained the last one below the Readable's highWaterMark, so rows in flight stay one
 * batch plus the stream buffers.
 */
import { Readable } from 'node:stream';
import type { RangeReader } from './engines/engine-streams.js';

/** A source of batches; `fetch` is never called again before its last call settled. */
export interface BatchSource {
  /** The next batch; empty once every row was read. */
  fetch(): Promise<readonly Record<string, unknown>[]>;
  /** Closes the portal; called at most once, with no fetch in flight. */
  close(): Promise<void>;
}

/** Reads `source` as an object-mode Readable of rows, telling `onRowsRead` each batch's size. */
export function batchRangeReader(
  source: BatchSource,
  batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  let inFlight: Promise<unknown> = Promise.resolve();
  let closed: Promise<void> | undefined;
  const rows = new Readable({
    objectMode: true,
    // The batch itself is the buffer: ask for the next batch only when the last one is almost consumed.
    highWaterMark: Math.min(batchSize, 16),
    read(): void {
      const read = source.fetch();
      inFlight = read.catch(() => undefined);
      read.then(
        (batch) => {
          if (batch.length === 0) {
            this.push(null);
            return;
          }
          onRowsRead(batch.length);
          for (const row of batch) this.push(row);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  return {
    rows,
    close(): Promise<void> {
      closed ??= (async () => {
        if (!rows.destroyed) rows.destroy();
        // Closing the portal while a fetch is still on the wire would interleave protocol messages.
        await inFlight;
        await source.close();
      })();
      return closed;
    },
  };
}
