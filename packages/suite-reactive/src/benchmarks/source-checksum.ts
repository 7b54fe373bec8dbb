import type { MeteredPool, SourceRow } from '@dbbench/databases';
import { sql } from 'kysely';

/** Order-independent fingerprint of the source table: count and sums that any lost or mangled row changes. */
export interface SourceChecksum {
  readonly rows: number;
  readonly idSum: bigint;
  readonly amountCents: bigint;
  readonly nameLength: bigint;
}

/** `"123.4"` → 12340n: decimal text to cents, exactly (no floating point). */
export function decimalToCents(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = BigInt(whole === '' ? '0' : whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** The checksum the source table must have after loading `rows`. */
export function expectedSourceChecksum(rows: Iterable<SourceRow>): SourceChecksum {
  let count = 0;
  let idSum = 0n;
  let amountCents = 0n;
  let nameLength = 0n;
  for (const row of rows) {
    count += 1;
    idSum += BigInt(row.id);
    amountCents += decimalToCents(row.amount);
    nameLength += BigInt(row.name.length);
  }
  return { rows: count, idSum, amountCents, nameLength };
}

/** The checksum of the source table as the server sees it (one aggregate query, outside timing). */
export async function actualSourceChecksum(pool: MeteredPool): Promise<SourceChecksum> {
  const result = await sql<{
    row_count: unknown;
    id_sum: unknown;
    amount_sum: unknown;
    name_length: unknown;
  }>`
    select count(*) as row_count, coalesce(sum(id), 0) as id_sum, coalesce(sum(amount), 0) as amount_sum,
      coalesce(sum(char_length(name)), 0) as name_length
    from source`.execute(pool.db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('the source checksum query returned no row');
  return {
    rows: Number(row.row_count),
    idSum: BigInt(String(row.id_sum)),
    amountCents: decimalToCents(String(row.amount_sum)),
    nameLength: BigInt(String(row.name_length)),
  };
}

/** Throws an Error naming expected vs actual when the source table does not match. */
export async function verifySourceChecksum(pool: MeteredPool, expected: SourceChecksum): Promise<void> {
  const actual = await actualSourceChecksum(pool);
  const show = (checksum: SourceChecksum): string =>
    `rows=${checksum.rows} idSum=${checksum.idSum} amountCents=${checksum.amountCents} nameLength=${checksum.nameLength}`;
  if (
    actual.rows !== expected.rows ||
    actual.idSum !== expected.idSum ||
    actual.amountCents !== expected.amountCents ||
    actual.nameLength !== expected.nameLength
  ) {
    throw new Error(
      `source table does not match what was streamed: expected ${show(expected)}, actual ${show(actual)}`,
    );
  }
}
