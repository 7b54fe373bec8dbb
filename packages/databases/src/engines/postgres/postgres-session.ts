import { Kysely, PostgresDialect } from 'kysely';
import type { PoolClient, QueryResult } from 'pg';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import { preparedStatementName } from '../../pool/prepared-name.js';
import type { StatementOptions, StatementResult } from '../../pool/pool-types.js';
import type { Engine, Session } from '../engine.js';
import { postgresDriver } from './postgres-driver.js';

/** A checked-out pg client as a {@link Session}; PostgreSQL engine code reaches the client through it. */
export class PostgresSession implements Session {
  #db: Kysely<DbbenchDatabase> | undefined;

  /**
   * @param engine the engine the session's pool carries
   * @param client the checked-out pg client
   */
  constructor(
    readonly engine: Engine,
    readonly client: PoolClient,
  ) {}

  async query(sqlText: string): Promise<readonly Record<string, unknown>[]> {
    // Several statements in one text (the simple protocol allows it) give one result each: the last's rows.
    const result = (await this.client.query<Record<string, unknown>>(sqlText)) as unknown as
      | QueryResult<Record<string, unknown>>
      | QueryResult<Record<string, unknown>>[];
    return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
  }

  async execute(
    sqlText: string,
    parameters: readonly unknown[],
    options: StatementOptions = {},
  ): Promise<StatementResult> {
    // Unprepared: the very call Kysely's PostgresDriver makes (text and a copied values array).
    // Prepared: a named statement, parsed once per connection.
    const result =
      options.prepared === true
        ? await this.client.query<Record<string, unknown>>({
            name: preparedStatementName(sqlText),
            text: sqlText,
            values: [...parameters],
          })
        : await this.client.query<Record<string, unknown>>(sqlText, [...parameters]);
    return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
  }

  /**
   * Kysely over this one client (built on first use: a few objects, no connection). `release` is a
   * no-op because the session's owner gives the client back.
   */
  get db(): Kysely<DbbenchDatabase> {
    this.#db ??= new Kysely<DbbenchDatabase>({
      dialect: new PostgresDialect({
        pool: {
          connect: () =>
            Promise.resolve({ query: this.client.query.bind(this.client), release: () => undefined }),
          end: () => Promise.resolve(),
        },
        cursor: postgresDriver().Cursor,
      }),
    });
    return this.#db;
  }
}

/**
 * The pg client inside a session of this engine, for PostgreSQL code that needs the driver itself
 * (this engine's files, and the suites' per-engine I/O in their `engines/postgres/` folders); a
 * `TypeError` for another engine's session.
 */
export function postgresClientOf(session: Session): PoolClient {
  if (!(session instanceof PostgresSession)) {
    throw new TypeError(
      session.engine.name === 'postgres'
        ? 'this PostgreSQL operation (COPY, a cursor, a counter) is written for node-postgres: open its pool with driver=pg'
        : `a PostgreSQL operation was given a ${session.engine.label} session`,
    );
  }
  return session.client;
}
