/**
 * PostgreSQL's bulk path: COPY … FROM STDIN over one raw pg client, fed by a stream of
 * tab-separated rows (pg-copy-streams).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { SourceRow } from '@dbbench/databases';
import { escapeTabField, tabSeparatedBuffers } from './tab-separated-rows.js';

/** One source row as a COPY text line. ISO timestamps with `Z` are read as UTC by PostgreSQL. */
export function postgresCopyLine(row: SourceRow): string {
  return [
    String(row.id),
    escapeTabField(row.name),
    row.amount,
    escapeTabField(row.category),
    row.created_at.toISOString(),
  ].join('\t');
}

/** Streams rows into `source` with COPY FROM STDIN and returns the rows the server reports copied. */
export async function postgresBulkLoad(client: PoolClient, rows: Iterable<SourceRow>): Promise<number> {
  const copy = client.query(copyFrom('COPY source (id, name, amount, category, created_at) FROM STDIN'));
  await pipeline(Readable.from(tabSeparatedBuffers(rows, postgresCopyLine)), copy);
  return copy.rowCount;
}
