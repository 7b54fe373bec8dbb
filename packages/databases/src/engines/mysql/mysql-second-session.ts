/**
 * A connection checked out of the MariaDB connector's pool as a {@link Session}. Every statement —
 * the session's own calls and Kysely's — goes through one `send`, which counts it and calls the
 * connector's `query(sql, values)`, the call its users make.
 */
import { Kysely, MysqlDialect, type MysqlPool as KyselyMysqlPool } from 'kysely';
import type * as mariadb from 'mariadb';
import type { Readable } from 'node:stream';
import type { StatementOptions, StatementResult } from '../../pool/pool-types.js';
import type { WorkCounter } from '../../pool/work-counter.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { Engine, Session } from '../engine.js';
import { mysqlStatementResult } from './mysql-session.js';

/** Callback of Kysely's MySQL dialect for one statement. */
type QueryCallback = (error: unknown, result?: unknown) => void;

/**
 * A connection as Kysely's MySQL dialect calls it (mysql2's callback shape: `query` and `release`).
 *
 * @param send sends one statement
 * @param release gives the connection back
 */
export function kyselyMysqlConnection(
  send: (sqlText: string, parameters: readonly unknown[]) => Promise<unknown>,
  release: () => void,
): {
  query(sqlText: string, parameters: readonly unknown[], callback: QueryCallback): void;
  release(): void;
} {
  return {
    query(sqlText, parameters, callback) {
      send(sqlText, parameters).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error),
      );
    },
    release,
  };
}

/**
 * The connector's row stream: a Readable with `close()`, which stops handing rows over and lets the
 * rest of the result be read off the socket and dropped.
 */
export interface MariadbRowStream extends Readable {
  close(): void;
}

/** A MariaDB connector connection as a {@link Session}. */
export class MariadbSession implements Session {
  #db: Kysely<DbbenchDatabase> | undefined;

  /**
   * @param engine the engine the session's pool carries
   * @param connection the checked-out connector connection
   * @param work the pool's work counter (statements)
   */
  constructor(
    readonly engine: Engine,
    readonly connection: mariadb.PoolConnection,
    private readonly work: WorkCounter,
  ) {}

  /** Sends one statement, counted: rows for a SELECT, the connector's OkPacket for a write. */
  send(sqlText: string, parameters: readonly unknown[], options: StatementOptions = {}): Promise<unknown> {
    this.work.statement(sqlText);
    const values = parameters.length === 0 ? undefined : [...parameters];
    // Prepared: `execute`, the binary protocol, its statement cached per connection.
    return options.prepared === true
      ? this.connection.execute(sqlText, values)
      : this.connection.query(sqlText, values);
  }

  /**
   * A parameterised SELECT streamed with the connector's `queryStream`, counted: an object-mode
   * Readable of rows; the connector pauses the socket whenever the Readable's buffer is full, so rows
   * in flight are bounded by its highWaterMark plus one socket read.
   */
  queryStream(sqlText: string, parameters: readonly unknown[]): MariadbRowStream {
    this.work.statement(sqlText);
    return this.connection.queryStream(sqlText, [...parameters]) as MariadbRowStream;
  }

  /**
   * A round trip that is answered only after every command queued on the connection before it,
   * e.g. the rest of a stream stopped early: the session is then ready for its next command.
   */
  async settle(): Promise<void> {
    await this.connection.ping();
  }

  async query(sqlText: string): Promise<readonly Record<string, unknown>[]> {
    const result = await this.send(sqlText, []);
    return Array.isArray(result) ? (result as Record<string, unknown>[]) : [];
  }

  async execute(
    sqlText: string,
    parameters: readonly unknown[],
    options: StatementOptions = {},
  ): Promise<StatementResult> {
    return mysqlStatementResult(await this.send(sqlText, parameters, options));
  }

  /**
   * Kysely over this one connection, through Kysely's own MySQL dialect: the connector's results
   * already have the shape it reads (an array of rows, or `affectedRows` and `insertId`).
   */
  get db(): Kysely<DbbenchDatabase> {
    if (this.#db === undefined) {
      const borrowed = kyselyMysqlConnection(
        (sqlText, parameters) => this.send(sqlText, parameters),
        () => undefined,
      );
      const single: KyselyMysqlPool = {
        getConnection(callback) {
          callback(null, borrowed as unknown as Parameters<typeof callback>[1]);
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
 * The MariaDB connector session inside a session of this engine, for MySQL code written for that
 * driver (the suites' per-engine I/O); a `TypeError` for a session of another driver or engine.
 */
export function mariadbSessionOf(session: Session): MariadbSession {
  if (!(session instanceof MariadbSession)) {
    throw new TypeError(
      session.engine.name === 'mysql'
        ? 'this MySQL operation is written for the MariaDB connector: open its pool with driver=mariadb'
        : `a MySQL operation was given a ${session.engine.label} session`,
    );
  }
  return session;
}
