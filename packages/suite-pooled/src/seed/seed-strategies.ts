/**
 * The three ways the `seed` benchmark loads the source table, written once for every engine; the
 * bulk path is the engine's own (COPY FROM STDIN, LOAD DATA LOCAL INFILE).
 */
import {
  maxRowsPerStatement,
  SOURCE_COLUMNS,
  tabSeparatedText,
  type MeteredPool,
  type SourceRow,
} from '@dbbench/databases';

/** The `strategy` axis values. */
export const SEED_STRATEGIES = ['rowByRow', 'multiRow', 'bulk'] as const;

/** One way to load rows. */
export type SeedStrategy = (typeof SEED_STRATEGIES)[number];

/** Rows per multi-row INSERT, before the engine's bind-parameter / packet limit lowers it. */
export const MULTI_ROW_BATCH_SIZE = 1000;

/** Whether a string names a {@link SeedStrategy}. */
export function isSeedStrategy(value: string): value is SeedStrategy {
  return (SEED_STRATEGIES as readonly string[]).includes(value);
}

/** One INSERT statement per row, all inside one transaction: bound by round trips. */
export async function seedRowByRow(pool: MeteredPool, rows: readonly SourceRow[]): Promise<number> {
  return pool.db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('source').values(row).execute();
    return rows.length;
  });
}

/** Multi-row INSERTs of {@link MULTI_ROW_BATCH_SIZE} rows (fewer if the engine's limits demand it). */
export async function seedMultiRow(pool: MeteredPool, rows: readonly SourceRow[]): Promise<number> {
  const batchSize = multiRowBatchSize();
  return pool.db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < rows.length; offset += batchSize) {
      await trx
        .insertInto('source')
        .values(rows.slice(offset, offset + batchSize))
        .execute();
    }
    return rows.length;
  });
}

/** The engine's bulk path on one connection; returns the rows the server reports loaded. */
export async function seedBulk(pool: MeteredPool, rows: readonly SourceRow[]): Promise<number> {
  const { bulkLoad } = pool.engine;
  return pool.withConnection((session) =>
    bulkLoad.load(session, 'source', SOURCE_COLUMNS, tabSeparatedText(rows, SOURCE_COLUMNS)),
  );
}

/** Rows per multi-row INSERT of `source` rows. */
export function multiRowBatchSize(): number {
  return Math.min(MULTI_ROW_BATCH_SIZE, maxRowsPerStatement(SOURCE_COLUMNS.length));
}

/** The loader for a strategy. */
export const SEED_LOADERS: Readonly<
  Record<SeedStrategy, (pool: MeteredPool, rows: readonly SourceRow[]) => Promise<number>>
> = {
  rowByRow: seedRowByRow,
  multiRow: seedMultiRow,
  bulk: seedBulk,
};
