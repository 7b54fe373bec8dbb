/**
 * The one text encoding of rows for the engines' bulk paths. PostgreSQL's COPY text format and
 * MySQL's LOAD DATA (with the options the MySQL engine spells out) agree: fields split by tab, rows
 * by newline, backslash escapes, `\N` for NULL. Timestamps are written `YYYY-MM-DD hh:mm:ss[.fff]` in
 * UTC, which both read into a timestamp without time zone unchanged.
 */

/** A value the encoding can carry. */
export type TextValue = string | number | bigint | boolean | Date | null;

/** Rows encoded per Buffer: large enough to amortise stream overhead, small enough to stay streaming. */
export const ROWS_PER_BUFFER = 1000;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A timestamp as UTC `YYYY-MM-DD hh:mm:ss`, with milliseconds only when there are any. */
function formatTimestamp(value: Date): string {
  const iso = value.toISOString();
  const milliseconds = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${milliseconds === '000' ? '' : `.${milliseconds}`}`;
}

/** One field: escaped so tabs, newlines and backslashes inside it cannot split fields or rows. */
export function encodeField(value: TextValue): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return formatTimestamp(value);
  if (typeof value === 'string')
    return value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
  return String(value);
}

/** What each backslash escape stands for, by the letter after the backslash (COPY TO also writes b, f, v). */
const UNESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  t: '\t',
  n: '\n',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
};

/**
 * One non-NULL text field read back: the backslash escapes of {@link encodeField} (and of PostgreSQL's
 * COPY TO) undone. Fields without a backslash, nearly all of them, are returned as they are.
 */
export function decodeField(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_escape, character: string) => UNESCAPES[character] ?? character);
}

/** One row as a line of `columns`, newline included. */
export function encodeLine<Row extends object>(row: Row, columns: readonly (keyof Row & string)[]): string {
  let line = '';
  for (let index = 0; index < columns.length; index++) {
    if (index > 0) line += '\t';
    line += encodeField(row[columns[index] as keyof Row] as TextValue);
  }
  return `${line}\n`;
}

/**
 * Encodes rows lazily as Buffers of `rowsPerBuffer` lines (mysql2's `infileStreamFactory` requires
 * Buffers, not strings), so a generator of rows is only advanced as fast as the server takes them.
 */
export function* tabSeparatedText<Row extends object>(
  rows: Iterable<Row>,
  columns: readonly (keyof Row & string)[],
  rowsPerBuffer: number = ROWS_PER_BUFFER,
): Generator<Buffer> {
  let text = '';
  let count = 0;
  for (const row of rows) {
    text += encodeLine(row, columns);
    if (++count === rowsPerBuffer) {
      yield Buffer.from(text, 'utf8');
      text = '';
      count = 0;
    }
  }
  if (count > 0) yield Buffer.from(text, 'utf8');
}
