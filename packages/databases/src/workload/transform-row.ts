import { parseCents } from '../source-data/cents.js';

/** One row of `target`: what every job computes from a source row. */
export interface TargetRow {
  source_id: number;
  name_upper: string;
  amount_cents: number;
  tax_cents: number;
  category_code: string;
  is_large: 0 | 1;
}

/** `target`'s columns in the order INSERT, COPY and LOAD DATA list them. */
export const TARGET_COLUMNS = [
  'source_id',
  'name_upper',
  'amount_cents',
  'tax_cents',
  'category_code',
  'is_large',
] as const satisfies readonly (keyof TargetRow)[];

/** What a job reads from a source row; ids arrive as number, string or bigint depending on the driver. */
export interface SourceRowInput {
  id: number | string | bigint;
  name: string;
  amount: string;
  category: string;
}

/** Amounts from 50000 cents (500.00) up are large. */
export const LARGE_AMOUNT_CENTS = 50_000;

/** Tax rate in percent: tax_cents = floor(amount_cents × 21 / 100). */
export const TAX_PERCENT = 21;

/**
 * The job's transformation, done in JavaScript (the server-side twin is
 * {@link insertTargetFromSourceSql}; both must agree exactly, which the tests check):
 * upper-cased name, exact integer cents parsed from the decimal string (never through a float),
 * 21% tax rounded down, the category's first three letters upper-cased, and a large-amount flag.
 *
 * @example
 * ```ts
 * transformRow({ id: '7', name: 'Kalo customer 7', amount: '512.30', category: 'garden' })
 * // { source_id: 7, name_upper: 'KALO CUSTOMER 7', amount_cents: 51230, tax_cents: 10758, category_code: 'GAR', is_large: 1 }
 * ```
 */
export function transformRow(row: SourceRowInput): TargetRow {
  const amountCents = parseCents(row.amount);
  return {
    source_id: Number(row.id),
    name_upper: row.name.toUpperCase(),
    amount_cents: amountCents,
    tax_cents: Math.floor((amountCents * TAX_PERCENT) / 100),
    category_code: row.category.slice(0, 3).toUpperCase(),
    is_large: amountCents >= LARGE_AMOUNT_CENTS ? 1 : 0,
  };
}
