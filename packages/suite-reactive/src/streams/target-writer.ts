import type { DbbenchDatabase } from '@dbbench/databases';
import type { Kysely } from 'kysely';

/** Records a chunk's checkpoint through the given executor: the chunk's own transaction. */
export type RecordChunkCheckpoint = (transaction: Kysely<DbbenchDatabase>) => Promise<void>;
