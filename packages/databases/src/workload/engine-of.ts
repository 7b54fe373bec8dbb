import { MysqlAdapter, PostgresAdapter, type Kysely } from 'kysely';
import type { Engine } from '../types.js';

/**
 * The engine behind a Kysely instance or transaction, read from its adapter, so the workload
 * helpers take `db` alone, exactly as the suites hold it.
 */
export function engineOf<DB>(db: Kysely<DB>): Engine {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  throw new TypeError(
    `Unsupported Kysely dialect ${adapter.constructor.name}: dbbench runs on PostgreSQL and MySQL.`,
  );
}
