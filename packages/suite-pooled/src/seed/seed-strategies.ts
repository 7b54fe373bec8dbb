/**
 * The three ways the `seed` benchmark loads the source table, written once for both engines; only
 * the bulk path differs per engine (postgres-bulk-load.ts / mysql-bulk-load.ts).
 */
import { maxRowsPerStatement, type MeteredPool, type SourceRow } from '@dbbench/databases';
import { mysqlBulkLoad } from './mysql-bulk-load.js';
import { postgresBulkLoad } from './postgres-bulk-load.js';

/** The `strategy` axis values. */
export const SEED_STRATEGIES = ['rowByRow', 'multiRow', 'bulk'] as const;

/** One way to load rows. */
export type SeedStrategy = (typeof SEED_STRATEGIES)[number];

/** Rows per multi-row INSERT, before the engine's bind-parameter / packet limit lowers it. */
export const MULTI_ROW_BATCH_SIZE = 1000;

const SOURCE_COLUMNS = ['id', 'name', 'amount', 'category', 'created_at'] as const;

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
  const batchSize = multiRowBatchSize(pool);
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

/** The engine's bulk path: COPY FROM STDIN on PostgreSQL, LOAD DATA LOCAL INFILE on MySQL. */
export async function seedBulk(pool: MeteredPool, rows: readonly SourceRow[]): Promise<number> {
  return pool.withConnection((connection) =>
    connection.engine === 'postgres'
      ? postgresBulkLoad(connection.client, rows)
      : mysqlBulkLoad(connection.connection, rows),
  );
}

/** Rows per multi-row INSERT on this pool's engine. */
export function multiRowBatchSize(pool: Pick<MeteredPool, 'engine'>): number {
  return Math.min(MULTI_ROW_BATCH_SIZE, maxRowsPerStatement(pool.engine, SOURCE_COLUMNS.length));
}

/** The loader for a strategy. */
export const SEED_LOADERS: Readonly<
  Record<SeedStrategy, (pool: MeteredPool, rows: readonly SourceRow[]) => Promise<number>>
> = {
  rowByRow: seedRowByRow,
  multiRow: seedMultiRow,
  bulk: seedBulk,
};
