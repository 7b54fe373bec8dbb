import { sql } from 'kysely';
import type { MeteredPool } from '../types.js';
import { transformExpressions } from './transform-sql.js';

/** Whether `target` holds exactly the transformation of `source`, and if not, how it differs. */
export interface TargetVerification {
  readonly ok: boolean;
  readonly expectedRows: number;
  readonly actualRows: number;
  /** The checksum's components joined by `:`, in {@link CHECKSUM_PARTS} order. */
  readonly expectedChecksum: string;
  readonly actualChecksum: string;
  /** Says what was expected and what was found, naming each component that differs. */
  readonly message: string;
}

/**
 * The checksum's components over target-shaped rows. Sums are compared as exact strings (both
 * drivers return big sums as decimal text). `id_weighted_cents` ties each amount to its id, and
 * `category_signature` weighs each letter of the code by position, so swapped or wrong values show.
 */
export const CHECKSUM_PARTS = {
  // Aliases avoid reserved words: `rows` is one on MariaDB.
  row_count: 'count(*)',
  source_ids: 'sum(source_id)',
  amount_cents: 'sum(amount_cents)',
  tax_cents: 'sum(tax_cents)',
  large_rows: 'sum(is_large)',
  name_chars: 'sum(char_length(name_upper))',
  name_initials: 'sum(ascii(name_upper))',
  id_weighted_cents: 'sum(source_id * amount_cents)',
  category_signature:
    'sum(ascii(category_code) + 128 * ascii(substr(category_code, 2, 1)) + 16384 * ascii(substr(category_code, 3, 1)))',
} as const;

type ChecksumPart = keyof typeof CHECKSUM_PARTS;
type Checksum = Record<ChecksumPart, string>;

/** What `target` must hold: the checksum of `source` through the job's transformation. */
export interface TargetExpectation {
  readonly checksum: Readonly<Checksum>;
}

/**
 * The checksum `target` must have, computed in SQL from `source` through the same transformation
 * ({@link transformExpressions}). A benchmark that never changes `source` computes it once per trial
 * and hands it to every {@link verifyTarget}, instead of scanning `source` again after every
 * invocation (at 100 000 rows a scan costs each fork tens of milliseconds per invocation).
 */
export async function expectTarget(pool: MeteredPool): Promise<TargetExpectation> {
  const expressions = transformExpressions(pool.engine);
  const transformed = Object.entries(expressions)
    .map(([column, expression]) => `${expression} AS ${column}`)
    .join(', ');
  return { checksum: await checksum(pool, `(SELECT ${transformed} FROM source) transformed`) };
}

/**
 * Checks, outside any timed region, that `target` is exactly what the job should have written:
 * its checksum against `expectation` (by default computed from `source` now). A short or wrong job is
 * a failure, never a fast result.
 */
export async function verifyTarget(
  pool: MeteredPool,
  expectation?: TargetExpectation,
): Promise<TargetVerification> {
  const expected = (expectation ?? (await expectTarget(pool))).checksum;
  const actual = await checksum(pool, 'target');
  const differing = (Object.keys(CHECKSUM_PARTS) as ChecksumPart[]).filter(
    (part) => expected[part] !== actual[part],
  );
  const expectedRows = Number(expected.row_count);
  const actualRows = Number(actual.row_count);
  const expectedChecksum = Object.values(expected).join(':');
  const actualChecksum = Object.values(actual).join(':');
  const message =
    differing.length === 0
      ? `target matches source: ${actualRows} rows, checksum ${actualChecksum}`
      : `target does not match source: expected ${expectedRows} rows, actual ${actualRows}; ` +
        differing.map((part) => `${part} expected ${expected[part]}, actual ${actual[part]}`).join('; ') +
        ` (checksum expected ${expectedChecksum}, actual ${actualChecksum})`;
  return { ok: differing.length === 0, expectedRows, actualRows, expectedChecksum, actualChecksum, message };
}

async function checksum(pool: MeteredPool, from: string): Promise<Checksum> {
  const select = Object.entries(CHECKSUM_PARTS)
    .map(([part, aggregate]) => `coalesce(${aggregate}, 0) AS ${part}`)
    .join(', ');
  const { rows } = await sql<
    Record<ChecksumPart, unknown>
  >`${sql.raw(`SELECT ${select} FROM ${from}`)}`.execute(pool.db);
  const row = rows[0];
  if (row === undefined) throw new Error('A checksum query returned no row.');
  const parts = {} as Checksum;
  for (const part of Object.keys(CHECKSUM_PARTS) as ChecksumPart[]) parts[part] = canonicalInteger(row[part]);
  return parts;
}

/** One spelling for an integer whatever the driver returned: number, bigint, `'12'` or `'12.0000'`. */
function canonicalInteger(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.replace(/\.0+$/, '');
}
