/**
 * PostgreSQL COPY text format: one line per row, columns separated by tabs. A backslash, tab,
 * newline or carriage return inside a value must be escaped, or the server splits the row wrongly.
 */

/** A value COPY text can carry. */
export type CopyValue = string | number | bigint | boolean | Date | null;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY text form; `null` is `\N`, dates are UTC ISO-8601 (the zone the schema stores). */
export function encodeCopyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string')
    return value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
  return String(value);
}

/** One row as a COPY text line, newline included. */
export function encodeCopyRow(values: readonly CopyValue[]): string {
  return `${values.map(encodeCopyValue).join('\t')}\n`;
}
