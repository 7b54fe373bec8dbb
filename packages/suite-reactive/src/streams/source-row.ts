import type { SourceRow } from '@dbbench/databases';

/**
 * A driver row as a {@link SourceRow}. PostgreSQL returns `bigint` ids as strings (they may exceed
 * 2^53); the workload's ids stay far below that, so a number is exact.
 */
export function toSourceRow(raw: Readonly<Record<string, unknown>>): SourceRow {
  const id = Number(raw['id']);
  if (!Number.isSafeInteger(id)) throw new Error(`source row has a non-integer id: ${String(raw['id'])}`);
  return {
    id,
    name: String(raw['name']),
    amount: String(raw['amount']),
    category: String(raw['category']),
    created_at: raw['created_at'] instanceof Date ? raw['created_at'] : new Date(String(raw['created_at'])),
  };
}
