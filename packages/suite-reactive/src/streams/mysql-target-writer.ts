import { insertTargetRows, type DbbenchDatabase, type TargetRow } from '@dbbench/databases';
import type { Kysely } from 'kysely';
import type { RecordChunkCheckpoint } from './target-writer.js';

/**
 * Writes one chunk of target rows as a multi-row INSERT and records its checkpoint, in one Kysely
 * transaction (one pooled connection borrowed for the chunk): the checkpoint can never name rows
 * that are not there. 5000 rows of this table make a statement of a few hundred KiB, far inside
 * max_allowed_packet.
 */
export async function writeMysqlTargetChunk(
  db: Kysely<DbbenchDatabase>,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await insertTargetRows(transaction, rows);
    await recordCheckpoint(transaction);
  });
}
