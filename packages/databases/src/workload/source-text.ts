import { generateSourceRows } from './source-rows.js';

/** Rows per text chunk: big enough to amortise stream overhead, small enough to stay in cache. */
const ROWS_PER_CHUNK = 2000;

/**
 * The generated source rows as tab-separated lines (id, name, amount, category, created_at in
 * UTC), in chunks, the format both COPY … FROM STDIN and LOAD DATA read by default. Names are ASCII
 * letters, digits and spaces, so nothing needs escaping.
 */
export function* sourceTextChunks(count: number, seed?: number): Generator<string> {
  let chunk = '';
  let rowsInChunk = 0;
  for (const row of generateSourceRows(count, seed)) {
    const createdAt = row.created_at.toISOString().slice(0, 19).replace('T', ' ');
    chunk += `${row.id}\t${row.name}\t${row.amount}\t${row.category}\t${createdAt}\n`;
    if (++rowsInChunk === ROWS_PER_CHUNK) {
      yield chunk;
      chunk = '';
      rowsInChunk = 0;
    }
  }
  if (chunk.length > 0) yield chunk;
}
