import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { InvalidValueError } from '../errors.js';

/** One row of the `source` table as the generator produces it. */
export interface SourceRow {
  id: number;
  /** ASCII only, so upper() agrees on every engine and collation. */
  name: string;
  /** numeric(12,2) as an exact two-decimal string, e.g. `'1234.56'`. */
  amount: string;
  category: string;
  /** Whole seconds (MySQL DATETIME keeps no fraction by default), interpreted as UTC. */
  created_at: Date;
}

/** Categories; their first three letters become `target.category_code`. */
export const SOURCE_CATEGORIES = [
  'books',
  'electronics',
  'garden',
  'grocery',
  'toys',
  'sports',
  'tools',
] as const;

/** First `created_at`; rows follow a minute apart, plus a seeded jitter. */
const CREATED_EPOCH_MS = Date.UTC(2024, 0, 1);

/** Largest amount in cents (exclusive): half the rows reach 500.00, the `is_large` threshold. */
const AMOUNT_CENTS_LIMIT = 100_000;

const SYLLABLES = ['ka', 'lo', 'mir', 'ta', 'ven', 'so', 'ri', 'bel', 'don', 'ea', 'quo', 'zu', 'phi', 'ng'];

/**
 * The project's one seeded generator (the harness's comparisons draw from the same one): pure-rand's
 * xoroshiro128+, numbers in [0, 1) with 53 bits each. Seeded, so every run and engine sees the same
 * rows; the exact sequence is the data set's identity, do not swap the algorithm casually.
 */
function seededUniform(seed: number): () => number {
  const generator = xoroshiro128plus(seed);
  return () => uniformFloat64(generator);
}

/**
 * The deterministic contents of `source`: ids 1..count in order, the same rows for a given seed on
 * every engine and every run.
 *
 * @example
 * ```ts
 * for (const row of generateSourceRows(3)) console.log(row.id, row.amount) // 1 '…', 2 '…', 3 '…'
 * ```
 */
export function* generateSourceRows(count: number, seed = 42): Generator<SourceRow> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new InvalidValueError(`Row count must be a non-negative integer, got ${count}.`);
  }
  const random = seededUniform(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let id = 1; id <= count; id++) {
    const syllables = 2 + Math.floor(random() * 4);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(SYLLABLES);
    const cents = Math.floor(random() * AMOUNT_CENTS_LIMIT);
    yield {
      id,
      name: `${word.charAt(0).toUpperCase()}${word.slice(1)} customer ${id}`,
      amount: formatCents(cents),
      category: pick(SOURCE_CATEGORIES),
      created_at: new Date(CREATED_EPOCH_MS + id * 60_000 + Math.floor(random() * 60) * 1000),
    };
  }
}

/** Cents as a two-decimal string, without going through floating point. */
function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}
