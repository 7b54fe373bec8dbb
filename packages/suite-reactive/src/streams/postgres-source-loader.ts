import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SourceRow } from '@dbbench/databases';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { encodeCopyRow } from './copy-text.js';
import { SOURCE_COLUMNS } from './source-columns.js';

const COPY_SOURCE_SQL = `COPY source (${SOURCE_COLUMNS.join(', ')}) FROM STDIN`;

/** Encodes rows as COPY text, `rowsPerChunk` rows per string, pulled one chunk at a time. */
function* copyTextChunks(rows: Iterable<SourceRow>, rowsPerChunk: number): Generator<string> {
  let text = '';
  let count = 0;
  for (const row of rows) {
    text += encodeCopyRow(SOURCE_COLUMNS.map((column) => row[column]));
    count += 1;
    if (count === rowsPerChunk) {
      yield text;
      text = '';
      count = 0;
    }
  }
  if (count > 0) yield text;
}

/**
 * Streams rows into `source` through COPY FROM STDIN. The rows are generated lazily: the generator
 * produces the next chunk only when the COPY stream asks for it (stream.pipeline honours the socket's
 * backpressure), so memory holds a couple of chunks, never the whole data set.
 */
export async function loadPostgresSource(
  client: PoolClient,
  rows: Iterable<SourceRow>,
  rowsPerChunk: number,
): Promise<void> {
  // highWaterMark 1: at most one encoded chunk waits in front of the COPY stream.
  await pipeline(
    Readable.from(copyTextChunks(rows, rowsPerChunk), { highWaterMark: 1 }),
    client.query(copyFrom(COPY_SOURCE_SQL)),
  );
}
