import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TARGET_COLUMNS, type DbbenchDatabase, type TargetRow } from '@dbbench/databases';
import { Kysely, PostgresDialect } from 'kysely';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { encodeCopyRow } from './copy-text.js';
import type { RecordChunkCheckpoint } from './target-writer.js';

const COPY_TARGET_SQL = `COPY target (${TARGET_COLUMNS.join(', ')}) FROM STDIN`;

/**
 * Kysely over one checked-out client, so the job repository's checkpoint runs inside the same
 * transaction as the COPY. Building it costs a few objects and no connection; `release` is a no-op
 * because the caller owns the client.
 */
function kyselyOnClient(client: PoolClient): Kysely<DbbenchDatabase> {
  return new Kysely<DbbenchDatabase>({
    dialect: new PostgresDialect({
      pool: {
        connect: () => Promise.resolve({ query: client.query.bind(client), release: () => undefined }),
        end: () => Promise.resolve(),
      },
    }),
  });
}

/**
 * Writes one chunk of target rows with its own COPY FROM STDIN and records its checkpoint, in one
 * transaction on the given client: the checkpoint can never name rows that are not there.
 */
export async function writePostgresTargetChunk(
  client: PoolClient,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  let text = '';
  for (const row of rows) text += encodeCopyRow(TARGET_COLUMNS.map((column) => row[column]));
  await client.query('BEGIN');
  try {
    await pipeline(Readable.from([text]), client.query(copyFrom(COPY_TARGET_SQL)));
    await recordCheckpoint(kyselyOnClient(client));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
