import { sql } from 'kysely';
import type { MeteredPool } from '../types.js';
import { parseCents, parseCentsBigInt } from './cents.js';
import type { SourceRow } from './source-rows.js';

/**
 * An order-independent fingerprint of `source`, one part per column and one that ties columns to
 * their row: row count, sum of keys, of amounts in cents, of name lengths and name initials, a
 * category signature, the created_at minute-and-second and day of month, and the sum of key × cents
 * (a swapped amount shows there). A load that lost, duplicated or mangled a row changes at least one
 * of them. Every part but the key-weighted sum stays far below 2^53 for any data size dbbench
 * generates, so plain numbers are exact; that sum is kept as decimal text of a bigint.
 */
export interface SourceChecksum {
  readonly rows: number;
  readonly idSum: number;
  readonly amountCents: number;
  readonly nameLength: number;
  readonly nameInitials: number;
  readonly categorySignature: number;
  readonly createdSeconds: number;
  readonly createdDays: number;
  readonly idWeightedCents: string;
}

/** A category's signature: its length and first two letters, weighted by position. */
function categorySignature(category: string): number {
  return category.length + 32 * category.charCodeAt(0) + 4096 * category.charCodeAt(1);
}

/** The checksum `source` must have after loading `rows`. */
export function sourceChecksumOf(rows: Iterable<SourceRow>): SourceChecksum {
  let count = 0;
  let idSum = 0;
  let amountCents = 0;
  let nameLength = 0;
  let nameInitials = 0;
  let categories = 0;
  let createdSeconds = 0;
  let createdDays = 0;
  let idWeightedCents = 0n;
  for (const row of rows) {
    const cents = parseCents(row.amount);
    count += 1;
    idSum += row.id;
    amountCents += cents;
    nameLength += row.name.length;
    nameInitials += row.name.charCodeAt(0);
    categories += categorySignature(row.category);
    // Generated timestamps are UTC wall-clock values; the server stores them without a zone.
    createdSeconds += row.created_at.getUTCMinutes() * 60 + row.created_at.getUTCSeconds();
    createdDays += row.created_at.getUTCDate();
    idWeightedCents += BigInt(row.id) * BigInt(cents);
  }
  return {
    rows: count,
    idSum,
    amountCents,
    nameLength,
    nameInitials,
    categorySignature: categories,
    createdSeconds,
    createdDays,
    idWeightedCents: idWeightedCents.toString(),
  };
}

/** The checksum of what `source` holds now (one aggregate query; run it outside timing). */
export async function readSourceChecksum(pool: MeteredPool): Promise<SourceChecksum> {
  // EXTRACT and ascii() are spelled the same on both engines; PostgreSQL's EXTRACT returns numeric
  // ('12.000000' for seconds), which Number() reads exactly.
  const { rows } = await sql<Record<string, unknown>>`
    SELECT count(*) AS row_count, coalesce(sum(id), 0) AS id_sum, coalesce(sum(amount), 0) AS amount_sum,
      coalesce(sum(char_length(name)), 0) AS name_length,
      coalesce(sum(ascii(name)), 0) AS name_initials,
      coalesce(sum(char_length(category) + 32 * ascii(category) + 4096 * ascii(substr(category, 2, 1))), 0)
        AS category_signature,
      coalesce(sum(EXTRACT(MINUTE FROM created_at) * 60 + EXTRACT(SECOND FROM created_at)), 0) AS created_seconds,
      coalesce(sum(EXTRACT(DAY FROM created_at)), 0) AS created_days,
      coalesce(sum(id * amount), 0) AS id_weighted
    FROM source`.execute(pool.db);
  const row = rows[0];
  if (row === undefined) throw new Error('the source checksum query returned no row');
  return {
    rows: Number(row['row_count']),
    idSum: Number(row['id_sum']),
    amountCents: parseCents(String(row['amount_sum'])),
    nameLength: Number(row['name_length']),
    nameInitials: Number(row['name_initials']),
    categorySignature: Number(row['category_signature']),
    createdSeconds: Number(row['created_seconds']),
    createdDays: Number(row['created_days']),
    idWeightedCents: parseCentsBigInt(String(row['id_weighted'])).toString(),
  };
}

/** The parts in which `actual` differs from `expected`, as `part expected …, actual …`; empty when equal. */
export function sourceChecksumDifferences(expected: SourceChecksum, actual: SourceChecksum): string[] {
  return (Object.keys(expected) as (keyof SourceChecksum)[])
    .filter((part) => actual[part] !== expected[part])
    .map((part) => `${part} expected ${expected[part]}, actual ${actual[part]}`);
}

/** Throws an Error naming expected and actual when `source` does not hold what was loaded. */
export async function verifySource(pool: MeteredPool, expected: SourceChecksum): Promise<void> {
  const differences = sourceChecksumDifferences(expected, await readSourceChecksum(pool));
  if (differences.length > 0) {
    throw new Error(`source does not hold what was loaded: ${differences.join('; ')}`);
  }
}
