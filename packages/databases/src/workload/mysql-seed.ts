import { Readable } from 'node:stream';
import type { Connection } from 'mysql2/promise';
import { generateSourceRows } from './source-rows.js';
import { sourceTextChunks } from './source-text.js';

/**
 * Server error numbers that mean LOAD DATA LOCAL is switched off on the server or was not offered by
 * the client: 1148 ER_NOT_ALLOWED_COMMAND (older servers), 3948 ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8
 * ships local_infile=OFF), 4166 ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB).
 */
const LOCAL_INFILE_DISABLED = new Set([1148, 3948, 4166]);

/** Rows per fallback INSERT: ~50 bytes a row keeps each statement far below max_allowed_packet (≥ 4 MiB). */
const INSERT_ROWS_PER_STATEMENT = 5000;

/**
 * Loads the generated rows into an empty `source` with LOAD DATA LOCAL INFILE, streaming them from
 * memory through mysql2's `infileStreamFactory` (no file is written). When the server has
 * `local_infile` off, falls back to large multi-row INSERTs.
 *
 * @returns which path was taken
 */
export async function loadSourceRows(connection: Connection, count: number): Promise<'load-data' | 'insert'> {
  try {
    await connection.query({
      sql:
        "LOAD DATA LOCAL INFILE 'dbbench-source.tsv' INTO TABLE source CHARACTER SET utf8mb4 " +
        "FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' (id, name, amount, category, created_at)",
      // mysql2 writes each chunk to the socket as-is: they must be Buffers, not strings.
      infileStreamFactory: () => Readable.from(bufferChunks(count)),
    });
    return 'load-data';
  } catch (error) {
    if (!LOCAL_INFILE_DISABLED.has(Number((error as { errno?: unknown }).errno))) throw error;
  }
  await insertSourceRows(connection, count);
  return 'insert';
}

function* bufferChunks(count: number): Generator<Buffer> {
  for (const chunk of sourceTextChunks(count)) yield Buffer.from(chunk, 'utf8');
}

async function insertSourceRows(connection: Connection, count: number): Promise<void> {
  let batch: unknown[][] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    // `VALUES ?` expands client-side into one statement, bounded by max_allowed_packet only.
    await connection.query('INSERT INTO source (id, name, amount, category, created_at) VALUES ?', [batch]);
    batch = [];
  };
  for (const row of generateSourceRows(count)) {
    batch.push([row.id, row.name, row.amount, row.category, row.created_at]);
    if (batch.length === INSERT_ROWS_PER_STATEMENT) await flush();
  }
  await flush();
}
