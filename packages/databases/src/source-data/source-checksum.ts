import { sql } from 'kysely';
import type { MeteredPool } from '../types.js';
import { parseCents } from './cents.js';
import type { SourceRow } from './source-rows.js';

/**
 * An order-independent fingerprint of `source`: row count, sum of keys, sum of amounts in cents and
 * total name length. A load that lost, duplicated or mangled a row changes at least one of them.
 * Sums stay far below 2^53 for any data size dbbench generates, so plain numbers are exact.
 */
export interface SourceChecksum {
  readonly rows: number;
  readonly idSum: number;
  readonly amountCents: number;
  readonly nameLength: number;
}

/** The checksum `source` must have after loading `rows`. */
export function sourceChecksumOf(rows: Iterable<SourceRow>): SourceChecksum {
  let count = 0;
  let idSum = 0;
  let amountCents = 0;
  let nameLength = 0;
  for (const row of rows) {
    count += 1;
    idSum += row.id;
    amountCents += parseCents(row.amount);
    nameLength += row.name.length;
  }
  return { rows: count, idSum, amountCents, nameLength };
}

/** The checksum of what `source` holds now (one aggregate query; run it outside timing). */
export async function readSourceChecksum(pool: MeteredPool): Promise<SourceChecksum> {
  const { rows } = await sql<Record<'row_count' | 'id_sum' | 'amount_sum' | 'name_length', unknown>>`
    SELECT count(*) AS row_count, coalesce(sum(id), 0) AS id_sum, coalesce(sum(amount), 0) AS amount_sum,
      coalesce(sum(char_length(name)), 0) AS name_length
    FROM source`.execute(pool.db);
  const row = rows[0];
  if (row === undefined) throw new Error('the source checksum query returned no row');
  return {
    rows: Number(row.row_count),
    idSum: Number(row.id_sum),
    amountCents: parseCents(String(row.amount_sum)),
    nameLength: Number(row.name_length),
  };
}

/** Throws an Error naming expected and actual when `source` does not hold what was loaded. */
export async function verifySource(pool: MeteredPool, expected: SourceChecksum): Promise<void> {
  const actual = await readSourceChecksum(pool);
  const show = (checksum: SourceChecksum): string =>
    `rows=${checksum.rows} idSum=${checksum.idSum} amountCents=${checksum.amountCents} nameLength=${checksum.nameLength}`;
  const same = (Object.keys(expected) as (keyof SourceChecksum)[]).every(
    (part) => actual[part] === expected[part],
  );
  if (!same) {
    throw new Error(
      `source does not hold what was loaded: expected ${show(expected)}, actual ${show(actual)}`,
    );
  }
}
