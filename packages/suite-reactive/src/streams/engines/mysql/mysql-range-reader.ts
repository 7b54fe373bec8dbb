import { mysqlConnectionOf, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN ? AND ? ORDER BY id`;

/** Rows mysql2's stream may buffer before it pauses the socket. */
const ROW_STREAM_HIGH_WATER_MARK = 16;

/** The subset of mysql2's callback-style Query command this reader needs. */
interface MysqlQueryCommand extends EventEmitter {
  stream(options?: { highWaterMark?: number }): Readable;
}

/** The subset of mysql2's callback-style connection this reader needs. */
interface MysqlCoreConnection {
  query(sql: string, values: readonly unknown[]): MysqlQueryCommand;
}

/**
 * Streams a key range with mysql2's query stream: the server sends the result row by row and mysql2
 * pauses the socket when the Readable's buffer is full, so rows in flight are bounded by its
 * highWaterMark plus one socket read. MySQL has no cursor batch: `batchSize` is not used here (the
 * writer's chunk size still applies), and each row is reported read as it arrives.
 *
 * Stopping early cannot cancel the statement on the wire; {@link RangeReader.close} discards the rest
 * of the result so the connection returns to the pool ready for its next command.
 */
export function openMysqlRangeReader(
  session: Session,
  range: KeyBounds,
  _batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  const core = mysqlConnectionOf(session).core as unknown as MysqlCoreConnection;
  const query = core.query(RANGE_SQL, [range.start, range.end]);
  const finished = new Promise<void>((resolve) => {
    query.once('end', () => resolve());
    // Without an 'error' listener an emitted error would crash the process; the stream reports it.
    query.once('error', () => resolve());
  });
  const rows = query.stream({ highWaterMark: ROW_STREAM_HIGH_WATER_MARK });
  // 'result' fires for every row mysql2 hands to the stream, so it counts rows pulled from the server.
  rows.on('result', () => onRowsRead(1));
  let closed: Promise<void> | undefined;

  return {
    rows,
    close(): Promise<void> {
      // Destroying the stream resumes the paused connection; the remaining rows are then discarded.
      closed ??= (async () => {
        if (!rows.destroyed) rows.destroy();
        await finished;
      })();
      return closed;
    },
  };
}
