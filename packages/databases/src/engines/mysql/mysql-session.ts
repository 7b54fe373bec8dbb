import { Kysely, MysqlDialect, type MysqlPool as KyselyMysqlPool } from 'kysely';
import type mysql from 'mysql2';
import type { PoolConnection as PromisePoolConnection } from 'mysql2/promise';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { StatementOptions, StatementResult } from '../../pool/pool-types.js';
import type { Engine, Session } from '../engine.js';

/** A checked-out mysql2 connection as a {@link Session}; MySQL engine code reaches the connection through it. */
export class MysqlSession implements Session {
  #db: Kysely<DbbenchDatabase> | undefined;

  /**
   * @param engine the engine the session's pool carries
   * @param core the callback-style pooled connection (what Kysely and streaming queries need)
   * @param connection its promise wrapper (what everything else uses)
   */
  constructor(
    readonly engine: Engine,
    readonly core: mysql.PoolConnection,
    readonly connection: PromisePoolConnection,
  ) {}

  async query(sqlText: string): Promise<readonly Record<string, unknown>[]> {
    const [rows] = await this.connection.query(sqlText);
    return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  }

  execute(
    sqlText: string,
    parameters: readonly unknown[],
    options: StatementOptions = {},
  ): Promise<StatementResult> {
    // The callback-style call Kysely's MysqlDriver makes, not the promise wrapper (which adds an
    // Error for its stack to every call): the builder is the only difference between the two clients.
    // Prepared: `execute`, the binary protocol, its statement cached per connection.
    return new Promise((resolve, reject) => {
      const done = (error: Error | null, result: unknown): void =>
        error ? reject(error) : resolve(mysqlStatementResult(result));
      if (options.prepared === true) this.core.execute(sqlText, parameters, done);
      else this.core.query(sqlText, parameters, done);
    });
  }

  /**
   * Kysely over this one connection (built on first use: a few objects, no connection). `release`
   * is a no-op because the session's owner gives the connection back.
   */
  get db(): Kysely<DbbenchDatabase> {
    if (this.#db === undefined) {
      const core = this.core;
      // Kysely's MySQL driver uses only `query` and `release` of what the pool hands it.
      const borrowed = { query: core.query.bind(core), release: () => undefined };
      const single: KyselyMysqlPool = {
        getConnection(callback) {
          callback(null, borrowed);
        },
        end(callback) {
          callback(null);
        },
      };
      this.#db = new Kysely<DbbenchDatabase>({ dialect: new MysqlDialect({ pool: single }) });
    }
    return this.#db;
  }
}

/**
 * The mysql2 connection inside a session of this engine (`core` and its promise wrapper
 * `connection`), for MySQL code that needs the driver itself (this engine's files, and the suites'
 * per-engine I/O in their `engines/mysql/` folders); a `TypeError` for another engine's session.
 */
export function mysqlConnectionOf(session: Session): MysqlSession {
  if (!(session instanceof MysqlSession)) {
    throw new TypeError(
      session.engine.name === 'mysql'
        ? 'this MySQL operation (LOAD DATA, a stream) is written for mysql2: open its pool with driver=mysql2'
        : `a MySQL operation was given a ${session.engine.label} session`,
    );
  }
  return session;
}

/**
 * A mysql2 `query` result as a {@link StatementResult}: rows for a SELECT (an array), the affected
 * row count for a write (a ResultSetHeader).
 */
export function mysqlStatementResult(result: unknown): StatementResult {
  if (Array.isArray(result)) return { rows: result as Record<string, unknown>[], affectedRows: 0 };
  const affected = (result as { affectedRows?: unknown } | null)?.affectedRows;
  return { rows: [], affectedRows: typeof affected === 'number' ? affected : 0 };
}

/**
 * A pool as Kysely's MySQL dialect calls it (mysql2's callback shape): `connect` hands over one
 * connection Kysely can `query` and `release` — a metered mysql2 connection, or another driver's
 * connection in that shape — and `end` ends the pool.
 */
export function kyselyMysqlPool(connect: () => Promise<unknown>, end: () => Promise<void>): KyselyMysqlPool {
  return {
    getConnection(callback) {
      connect().then(
        (connection) => callback(null, connection as Parameters<typeof callback>[1]),
        (error: unknown) => callback(error, undefined as unknown as Parameters<typeof callback>[1]),
      );
    },
    end(callback) {
      end().then(
        () => callback(null),
        (error: unknown) => callback(error),
      );
    },
  };
}
