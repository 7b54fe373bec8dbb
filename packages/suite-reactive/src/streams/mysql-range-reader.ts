import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { PoolConnection } from 'mysql2/promise';
import { RANGE_SELECT_SQL_COLUMNS, type KeyBounds, type RangeReader } from './range-reader.js';
import type { StreamCounters } from './stream-counters.js';

const RANGE_SQL = `SELECT ${RANGE_SELECT_SQL_COLUMNS} FROM source WHERE id BETWEEN ? AND ? ORDER BY id`;

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
 * pauses the socket when the Readable's buffer is full, so rows in flight are bounded by the
 * highWaterMark plus one socket read. (MySQL has no cursor batch: `chunkSize` only sizes the writer.)
 *
 * Stopping early cannot cancel the statement on the wire; {@link RangeReader.close} discards the rest
 * of the result so the connection returns to the pool ready for its next command.
 */
export function openMysqlRangeReader(
  connection: PoolConnection,
  range: KeyBounds,
  highWaterMark: number,
  counters: StreamCounters,
): RangeReader {
  // The promise wrapper has no streaming API; its `connection` is the callback-style core connection
  // at runtime, although mysql2's typings declare it as the promise type.
  const core = (connection as unknown as { connection: MysqlCoreConnection }).connection;
  const query = core.query(RANGE_SQL, [range.start, range.end]);
  const finished = new Promise<void>((resolve) => {
    query.once('end', () => resolve());
    // Without an 'error' listener an emitted error would crash the process; the stream reports it.
    query.once('error', () => resolve());
  });
  const rows = query.stream({ highWaterMark });
  // 'result' fires for every row mysql2 hands to the stream, so it counts rows pulled from the server.
  rows.on('result', () => counters.noteRead(1));
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
