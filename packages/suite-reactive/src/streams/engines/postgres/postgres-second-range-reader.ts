import { postgresJsSessionOf, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import { Readable } from 'node:stream';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN $1 AND $2 ORDER BY id`;

/**
 * Streams a key range with postgres.js's `cursor(batchSize)` on a reserved connection: each step
 * fetches one batch from the server-side portal (an Execute with a row limit, as pg-cursor's
 * `read`), and postgres.js fetches the next batch only once the previous one was handed over; the
 * Readable asks for it only when its consumer has drained this one below the highWaterMark. So the
 * rows in flight are bounded as with pg-cursor: one batch plus the stream buffers.
 */
export function openPostgresJsRangeReader(
  session: Session,
  range: KeyBounds,
  batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  const cursor = postgresJsSessionOf(session).cursor(RANGE_SQL, [range.start, range.end], batchSize);
  let inFlight: Promise<unknown> = Promise.resolve();
  let closed: Promise<void> | undefined;

  const rows = new Readable({
    objectMode: true,
    // The batch itself is the buffer: ask for the next batch only when the last one is almost consumed.
    highWaterMark: Math.min(batchSize, 16),
    read(): void {
      const read = cursor.next();
      inFlight = read.catch(() => undefined);
      read.then(
        (step) => {
          if (step.done === true || step.value.length === 0) {
            this.push(null);
            return;
          }
          onRowsRead(step.value.length);
          for (const row of step.value) this.push(row);
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
        await cursor.close();
      })();
      return closed;
    },
  };
}
