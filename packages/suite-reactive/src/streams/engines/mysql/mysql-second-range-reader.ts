import { mariadbSessionOf, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN ? AND ? ORDER BY id`;

/**
 * Streams a key range with the MariaDB connector's `queryStream`: the server sends the result row
 * by row, and the connector pauses the socket whenever the Readable's buffer (its default object
 * highWaterMark, 16 rows) is full, so rows in flight are bounded by it plus one socket read, as
 * with mysql2's stream. No cursor batch: `batchSize` is not used (the writer's chunk size still
 * applies), and each row is reported read as it is handed over.
 *
 * Stopping early cannot cancel the statement on the wire: {@link RangeReader.close} has the
 * connector drop the rest of the result and waits for a ping queued behind it, so the connection
 * returns to the pool ready for its next command.
 */
export function openMariadbRangeReader(
  session: Session,
  range: KeyBounds,
  _batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  const connector = mariadbSessionOf(session);
  const rows = connector.queryStream(RANGE_SQL, [range.start, range.end]);
  let ended = false;
  rows.once('end', () => {
    ended = true;
  });
  // Counted as the connector pushes each row into the stream (a 'data' listener would count later,
  // and would start the stream flowing before its consumer is attached).
  const push = rows.push.bind(rows);
  rows.push = (row: unknown, encoding?: BufferEncoding): boolean => {
    if (row !== null) onRowsRead(1);
    return push(row, encoding);
  };
  let closed: Promise<void> | undefined;

  return {
    rows,
    close(): Promise<void> {
      closed ??= (async () => {
        if (ended) return;
        rows.close();
        if (!rows.destroyed) rows.destroy();
        await connector.settle();
      })();
      return closed;
    },
  };
}
