import { tabSeparatedText } from '../../source-data/tab-separated-text.js';
import { TARGET_COLUMNS, type TargetRow } from '../../workload/transform-row.js';
import type { MeteredPool } from '../../types.js';
import type { RecordChunkCheckpoint } from '../engine.js';
import { POSTGRES_BULK_LOAD } from './postgres-bulk-load.js';
import { postgresClientOf } from './postgres-session.js';

/**
 * Writes one chunk of target rows with its own COPY FROM STDIN and records its checkpoint, in one
 * transaction on one connection borrowed from the pool for the chunk: the checkpoint can never name
 * rows that are not there.
 */
export async function writePostgresTargetChunk(
  pool: MeteredPool,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  await pool.withConnection(async (session) => {
    const client = postgresClientOf(session);
    await client.query('BEGIN');
    try {
      await POSTGRES_BULK_LOAD.load(
        session,
        'target',
        TARGET_COLUMNS,
        tabSeparatedText(rows, TARGET_COLUMNS),
      );
      await recordCheckpoint(session.db);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
