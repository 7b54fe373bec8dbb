import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SourceRow } from '@dbbench/databases';
import type { PoolConnection } from 'mysql2/promise';
import { ChunkWriter } from './chunk-writer.js';
import { SOURCE_COLUMNS } from './source-columns.js';

const INSERT_SOURCE_SQL = `INSERT INTO source (${SOURCE_COLUMNS.join(', ')}) VALUES ?`;

/**
 * Streams rows into `source` as multi-row INSERTs of `rowsPerChunk` rows: the generated rows flow
 * through a {@link ChunkWriter}, which waits for each INSERT before taking more rows, so the generator
 * runs only as fast as the server accepts them.
 */
export async function loadMysqlSource(
  connection: PoolConnection,
  rows: Iterable<SourceRow>,
  rowsPerChunk: number,
): Promise<void> {
  await pipeline(
    Readable.from(rows),
    new ChunkWriter<SourceRow>({
      chunkSize: rowsPerChunk,
      flush: async (chunk) => {
        await connection.query(INSERT_SOURCE_SQL, [
          chunk.map((row) => SOURCE_COLUMNS.map((column) => row[column])),
        ]);
      },
    }),
  );
}
