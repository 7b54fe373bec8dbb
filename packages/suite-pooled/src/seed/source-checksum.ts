/**
 * A cheap fingerprint of the source table — row count, sum of keys, sum of amounts — computed both
 * from generated rows and from the table, so a load that lost, duplicated or corrupted rows fails.
 */
import type { MeteredPool, SourceRow } from '@dbbench/databases';

/** Row count and column sums; bigint so 100k-row sums stay exact. */
export interface SourceChecksum {
  readonly rows: number;
  readonly idSum: bigint;
  readonly amountCentsSum: bigint;
}

/** Converts a decimal string with up to two fraction digits (`"-12.5"`, `"3.07"`) to cents exactly. */
export function decimalToCents(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text.trim());
  if (match === null) throw new Error(`not a decimal amount: "${text}"`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** The checksum the table should have after loading `rows`. */
export function sourceChecksumOf(rows: readonly SourceRow[]): SourceChecksum {
  let idSum = 0n;
  let amountCentsSum = 0n;
  for (const row of rows) {
    idSum += BigInt(row.id);
    amountCentsSum += decimalToCents(row.amount);
  }
  return { rows: rows.length, idSum, amountCentsSum };
}

/** The checksum of what `source` holds now. */
export async function readSourceChecksum(pool: MeteredPool): Promise<SourceChecksum> {
  const result = await pool.db
    .selectFrom('source')
    .select((eb) => [
      eb.fn.countAll().as('rows'),
      eb.fn.sum<string | number | null>('id').as('idSum'),
      eb.fn.sum<string | number | null>('amount').as('amountSum'),
    ])
    .executeTakeFirstOrThrow();
  return {
    rows: Number(result.rows),
    idSum: BigInt(result.idSum ?? 0),
    amountCentsSum: decimalToCents(String(result.amountSum ?? '0')),
  };
}
