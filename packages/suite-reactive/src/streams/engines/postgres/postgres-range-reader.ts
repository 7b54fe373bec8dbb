import { postgresClientOf, postgresDriver, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import { Readable } from 'node:stream';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN $1 AND $2 ORDER BY id`;

/**
 * Streams a key range with pg-cursor on a checked-out client: each `cursor.read(batchSize)` fetches
 * one batch from the server-side portal, and the next batch is fetched only after the consumer has
 * drained this one below the Readable's highWaterMark. The client must be checked out (not
 * `pool.query`), because the cursor owns the session until it is closed.
 */
export function openPostgresRangeReader(
  session: Session,
  range: KeyBounds,
  batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  const client = postgresClientOf(session);
  const { Cursor } = postgresDriver();
  const cursor = client.query(new Cursor<Record<string, unknown>>(RANGE_SQL, [range.start, range.end]));
  let inFlight: Promise<unknown> = Promise.resolve();
  let closed: Promise<void> | undefined;

  const rows = new Readable({
    objectMode: true,
    // The batch itself is the buffer: ask for the next batch only when the last one is almost consumed.
    highWaterMark: Math.min(batchSize, 16),
    read(): void {
      const read = cursor.read(batchSize);
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
        // Closing the portal while a read is still on the wire would interleave protocol messages.
        await inFlight;
        await cursor.close();
      })();
      return closed;
    },
  };
}
