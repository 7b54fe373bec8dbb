import { sql, type Kysely } from 'kysely';
import type { EngineSchema } from '../engines/engine.js';
import type { DbbenchDatabase, MeteredPool } from '../types.js';

/** Every workload table, children first, so they can be dropped in this order. */
export const WORKLOAD_TABLES = ['partition_execution', 'job_execution', 'target', 'source'] as const;

/** What {@link createSchema} may leave in place. */
export interface SchemaOptions {
  /**
   * Keep `source` and its rows when it exists (created when it does not): the tables a job writes are
   * still new, and `prepareSource` decides, by checksum, whether the rows can stay.
   */
  readonly keepSource?: boolean;
}

/**
 * Drops and creates the workload's four tables with Kysely's schema builder, with the same meaning
 * on every engine: `numeric(12,2)` (DECIMAL on MySQL), a timestamp without time zone and a generated
 * job id in the engine's spelling ({@link EngineSchema}). No foreign keys: MySQL refuses to TRUNCATE
 * a referenced table, and the resets truncate between invocations.
 */
export async function createSchema(pool: MeteredPool, options: SchemaOptions = {}): Promise<void> {
  const { db } = pool;
  const schema = pool.engine.schema;
  const timestamp = schema.timestampType;
  const dropped =
    options.keepSource === true ? WORKLOAD_TABLES.filter((table) => table !== 'source') : WORKLOAD_TABLES;
  for (const table of dropped) await db.schema.dropTable(table).ifExists().execute();

  await db.schema
    .createTable('source')
    .ifNotExists()
    .addColumn('id', 'bigint', (column) => column.primaryKey())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('amount', 'numeric(12, 2)', (column) => column.notNull())
    .addColumn('category', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('target')
    .addColumn('source_id', 'bigint', (column) => column.primaryKey())
    .addColumn('name_upper', 'varchar(64)', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull())
    .addColumn('tax_cents', 'bigint', (column) => column.notNull())
    .addColumn('category_code', 'varchar(3)', (column) => column.notNull())
    .addColumn('is_large', 'smallint', (column) => column.notNull())
    .execute();

  await createJobTables(db, schema);
}

async function createJobTables(db: Kysely<DbbenchDatabase>, schema: EngineSchema): Promise<void> {
  const timestamp = schema.timestampType;
  await db.schema
    .createTable('job_execution')
    .addColumn('id', schema.identityType, (column) => schema.identity(column))
    .addColumn('job_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('partitions', 'integer', (column) => column.notNull())
    .addColumn('started_at', timestamp, (column) => column.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('finished_at', timestamp)
    .execute();

  await db.schema
    .createTable('partition_execution')
    .addColumn('job_id', 'bigint', (column) => column.notNull())
    .addColumn('partition_no', 'integer', (column) => column.notNull())
    .addColumn('range_start', 'bigint', (column) => column.notNull())
    .addColumn('range_end', 'bigint', (column) => column.notNull())
    .addColumn('checkpoint_id', 'bigint')
    .addColumn('rows_written', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addPrimaryKeyConstraint('partition_execution_pk', ['job_id', 'partition_no'])
    .execute();
}
