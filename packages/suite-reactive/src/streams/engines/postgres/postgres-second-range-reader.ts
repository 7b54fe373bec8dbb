import { postgresJsSessionOf, SOURCE_COLUMNS, type Session } from '@dbbench/databases';
import { batchRangeReader } from '../../batch-reader.js';
import type { KeyBounds, RangeReader } from '../engine-streams.js';

const RANGE_SQL = `SELECT ${SOURCE_COLUMNS.join(', ')} FROM source WHERE id BETWEEN $1 AND $2 ORDER BY id`;

/**
 * Streams a key range with postgres.js's `cursor(batchSize)` on a reserved connection: each step
 * fetches one batch from the server-side portal (an Execute with a row limit, as pg-cursor's
 * `read`), postgres.js fetches the next batch only once the previous one was handed over, and
 * {@link batchRangeReader} asks for it only when the consumer has drained this one: the rows in
 * flight are bounded as with pg-cursor, one batch plus the stream buffers.
 */
export function openPostgresJsRangeReader(
  session: Session,
  range: KeyBounds,
  batchSize: number,
  onRowsRead: (rows: number) => void,
): RangeReader {
  const cursor = postgresJsSessionOf(session).cursor(RANGE_SQL, [range.start, range.end], batchSize);
  return batchRangeReader(
    {
      fetch: async () => {
        const step = await cursor.next();
        return step.done === true ? [] : step.value;
      },
      close: () => cursor.close(),
    },
    batchSize,
    onRowsRead,
  );
}
