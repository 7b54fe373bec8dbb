import { insertTargetRows, type MeteredPool, type TargetRow } from '@dbbench/databases';
import type { RecordChunkCheckpoint } from '../engine-streams.js';

/**
 * Writes one chunk of target rows as a multi-row INSERT and records its checkpoint, in one Kysely
 * transaction (one pooled connection borrowed for the chunk): the checkpoint can never name rows
 * that are not there. 5000 rows of this table make a statement of a few hundred KiB, far inside
 * max_allowed_packet.
 */
export async function writeMysqlTargetChunk(
  pool: MeteredPool,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  await pool.db.transaction().execute(async (transaction) => {
    await insertTargetRows(transaction, rows);
    await recordCheckpoint(transaction);
  });
}
