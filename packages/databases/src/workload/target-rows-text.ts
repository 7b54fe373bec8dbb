import { encodeField, ROWS_PER_BUFFER } from '../source-data/tab-separated-text.js';
import type { TargetRow } from './transform-row.js';

/** A character that must be escaped in the text encoding. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function text(value: string): string {
  return NEEDS_ESCAPE.test(value) ? encodeField(value) : value;
}

/**
 * Target rows as tab-separated text Buffers of `rowsPerBuffer` lines: exactly the bytes of
 * `tabSeparatedText(rows, TARGET_COLUMNS)`, written field by field for this one row shape. The batch
 * job encodes every row it writes through a bulk path, and the generic encoder's per-field type
 * checks and column lookups cost about 40% more here (100k rows: ~150 ms vs ~90 ms).
 */
export function* targetRowsText(
  rows: readonly TargetRow[],
  rowsPerBuffer: number = ROWS_PER_BUFFER,
): Generator<Buffer> {
  let chunk = '';
  let count = 0;
  for (const row of rows) {
    chunk +=
      `${row.source_id}\t${text(row.name_upper)}\t${row.amount_cents}\t${row.tax_cents}\t` +
      `${text(row.category_code)}\t${row.is_large}\n`;
    if (++count === rowsPerBuffer) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
      count = 0;
    }
  }
  if (count > 0) yield Buffer.from(chunk, 'utf8');
}
