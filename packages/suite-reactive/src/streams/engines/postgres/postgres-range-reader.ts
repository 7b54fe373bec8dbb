import { postgresClientOf, postgresDriver, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import { batchRangeReader } from '../../batch-reader.js';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN $1 AND $2 ORDER BY id`;

/**
 * Streams a key range with pg-cursor on a checked-out client: each `cursor.read(batchSize)` fetches
 * one batch from the server-side portal ({@link batchRangeReader} asks for the next one only once
 * the consumer has drained this one). The client must be checked out (not
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
  return batchRangeReader(
    { fetch: () => cursor.read(batchSize), close: () => cursor.close() },
    batchSize,
    onRowsRead,
  );
}
