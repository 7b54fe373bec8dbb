/**
 * The name a prepared statement gets on drivers that prepare by name (pg): one per SQL text, the same
 * in every connection, so each connection prepares it once and then only binds and executes it.
 */
import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/** `dbbench_<16 hex digits of the text's SHA-256>`, computed once per text. */
export function preparedStatementName(sqlText: string): string {
  let name = names.get(sqlText);
  if (name === undefined) {
    name = `dbbench_${createHash('sha256').update(sqlText).digest('hex').slice(0, 16)}`;
    names.set(sqlText, name);
  }
  return name;
}
