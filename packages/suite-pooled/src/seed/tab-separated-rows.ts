/**
 * Tab-separated text for the engines' bulk paths. PostgreSQL's COPY text format and MySQL's
 * LOAD DATA defaults agree: fields split by tab, rows by newline, backslash escapes.
 */

/** Rows encoded per Buffer: large enough to amortise stream overhead, small enough to stay streaming. */
export const ROWS_PER_BUFFER = 1000;

/** Escapes a text field so tabs, newlines and backslashes in it cannot split fields or rows. */
export function escapeTabField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (character) => {
    switch (character) {
      case '\\':
        return '\\\\';
      case '\t':
        return '\\t';
      case '\n':
        return '\\n';
      default:
        return '\\r';
    }
  });
}

/**
 * Encodes rows lazily as Buffers of {@link ROWS_PER_BUFFER} lines (MySQL's `infileStreamFactory`
 * requires Buffers, not strings).
 *
 * @param formatLine - one row as tab-separated fields, without the trailing newline
 */
export function* tabSeparatedBuffers<Row>(
  rows: Iterable<Row>,
  formatLine: (row: Row) => string,
  rowsPerBuffer: number = ROWS_PER_BUFFER,
): Generator<Buffer> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(formatLine(row));
    if (lines.length === rowsPerBuffer) {
      yield Buffer.from(lines.join('\n') + '\n', 'utf8');
      lines = [];
    }
  }
  if (lines.length > 0) yield Buffer.from(lines.join('\n') + '\n', 'utf8');
}
