import type { Engine } from '../engines/engine.js';
import { LARGE_AMOUNT_CENTS, TARGET_COLUMNS, TAX_PERCENT, type TargetRow } from './transform-row.js';

/**
 * {@link transformRow} as SQL over `source`'s columns, one expression per target column. Decimal
 * arithmetic is exact on every engine, so `amount * 100` and `floor(amount * 21)` give the same
 * integers as the JavaScript. Only the integer cast is the engine's.
 */
export function transformExpressions(engine: Engine): Record<keyof TargetRow, string> {
  const integer = engine.sql.integerCast;
  return {
    source_id: 'id',
    name_upper: 'upper(name)',
    amount_cents: `CAST(amount * 100 AS ${integer})`,
    // floor(cents × 21 / 100) = floor(amount × 21): exact in numeric/DECIMAL.
    tax_cents: `CAST(floor(amount * ${TAX_PERCENT}) AS ${integer})`,
    category_code: 'upper(substr(category, 1, 3))',
    is_large: `CASE WHEN amount * 100 >= ${LARGE_AMOUNT_CENTS} THEN 1 ELSE 0 END`,
  };
}

/**
 * One `INSERT INTO target (…) SELECT … FROM source` doing the whole job inside the server: the
 * lower bound on what any client-side job can reach (the `limit` benchmark).
 */
export function insertTargetFromSourceSql(engine: Engine): string {
  const expressions = transformExpressions(engine);
  return (
    `INSERT INTO target (${TARGET_COLUMNS.join(', ')}) ` +
    `SELECT ${TARGET_COLUMNS.map((column) => expressions[column]).join(', ')} FROM source`
  );
}
