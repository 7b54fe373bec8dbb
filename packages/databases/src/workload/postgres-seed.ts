import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sourceTextChunks } from './source-text.js';

/** Loads the generated rows into an empty `source` with COPY … FROM STDIN, the fastest path into PostgreSQL. */
export async function copySourceRows(client: PoolClient, count: number): Promise<void> {
  const copy = client.query(copyFrom('COPY source (id, name, amount, category, created_at) FROM STDIN'));
  await pipeline(Readable.from(sourceTextChunks(count)), copy);
}
