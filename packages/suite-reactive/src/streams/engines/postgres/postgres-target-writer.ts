import { TARGET_COLUMNS, targetRowsText, type MeteredPool, type TargetRow } from '@dbbench/databases';
import type { RecordChunkCheckpoint } from '../engine-streams.js';

/**
 * Writes one chunk of target rows with its own COPY FROM STDIN (through the pool's driver) and records its checkpoint, in one
 * transaction on one connection borrowed from the pool for the chunk: the checkpoint can never name
 * rows that are not there. The commit does not wait for the WAL flush, as the pooled job's chunk
 * commits (`withPartitionSession`), so the two jobs compared in the docs write the same way: safe
 * because a chunk and its checkpoint commit together and the job's completion commits synchronously.
 */
export async function writePostgresTargetChunk(
  pool: MeteredPool,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  await pool.withConnection(async (session) => {
    // One round trip for both (the simple protocol takes several statements), on either driver.
    await session.query('BEGIN; SET LOCAL synchronous_commit TO OFF');
    try {
      await session.engine.bulkLoad.load(session, 'target', TARGET_COLUMNS, targetRowsText(rows));
      await recordCheckpoint(session.db);
      await session.query('COMMIT');
    } catch (error) {
      await session.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
