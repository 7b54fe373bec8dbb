/**
 * A connection reserved from postgres.js as a {@link Session}. Every statement — the session's own
 * calls and Kysely's — goes through one `send`, which counts it and calls the driver's `unsafe`, the
 * call a postgres.js user makes for SQL text with values.
 */
import { Kysely, PostgresDialect, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import type { StatementOptions, StatementResult } from '../../pool/pool-types.js';
import type { WorkCounter } from '../../pool/work-counter.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { Engine, Session } from '../engine.js';
import type { PostgresJsReserved } from './postgres-second-driver.js';

/** What Kysely's PostgreSQL dialect reads of a query's result (pg's shape). */
export type PgShapedResult = PostgresQueryResult<Record<string, unknown>>;

/**
 * A connection as Kysely's PostgreSQL dialect calls it (pg's client shape: `query` and `release`).
 * Only the SQL-text form of `query` is given: the dialect asks for the cursor form only when
 * streaming, which it is not configured for here.
 *
 * @param send sends one statement
 * @param release gives the connection back
 */
export function kyselyPgClient(
  send: (sqlText: string, parameters: readonly unknown[]) => Promise<PgShapedResult>,
  release: () => void,
): PostgresPoolClient {
  return { query: send, release } as unknown as PostgresPoolClient;
}

/**
 * Reserved connections whose socket closed under them. postgres.js takes such a connection back
 * itself (it drops the reservation and reconnects on demand); calling `release()` on it afterwards
 * puts a dead connection among the open ones, and the next statement crashes the process inside
 * the driver (postgres.js 3.4.9: "Cannot read properties of null (reading 'write')"). So the pool
 * releases only connections not in here.
 */
const closedReservations = new WeakSet<PostgresJsReserved>();

/** Whether the connection behind `reserved` closed while it was reserved (it must not be released). */
export function closedWhileReserved(reserved: PostgresJsReserved): boolean {
  return closedReservations.has(reserved);
}

/** postgres.js's error codes for a connection that closed, was destroyed or was ended. */
const CONNECTION_GONE = /^CONNECTION_(CLOSED|DESTROYED|ENDED)$/;

/** A postgres.js reserved connection as a {@link Session}. */
export class PostgresJsSession implements Session {
  #db: Kysely<DbbenchDatabase> | undefined;

  /**
   * @param engine the engine the session's pool carries
   * @param reserved the reserved postgres.js connection
   * @param work the pool's work counter (statements)
   */
  constructor(
    readonly engine: Engine,
    readonly reserved: PostgresJsReserved,
    private readonly work: WorkCounter,
  ) {}

  /**
   * Sends one statement, counted, in the shape Kysely's PostgreSQL dialect reads (pg's); without
   * values postgres.js uses the simple protocol, as pg does.
   */
  async send(
    sqlText: string,
    parameters: readonly unknown[],
    options: StatementOptions = {},
  ): Promise<PgShapedResult> {
    this.work.statement(sqlText);
    let result;
    try {
      result = await this.reserved.unsafe<Record<string, unknown>[]>(sqlText, [...parameters] as never[], {
        prepare: options.prepared === true,
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && CONNECTION_GONE.test(code)) closedReservations.add(this.reserved);
      throw error;
    }
    // The dialect reads `command` only to tell writes (INSERT, UPDATE, DELETE, MERGE) from the rest.
    return {
      command: result.command as PgShapedResult['command'],
      rowCount: result.count ?? 0,
      rows: result,
    };
  }

  async query(sqlText: string): Promise<readonly Record<string, unknown>[]> {
    return (await this.send(sqlText, [])).rows;
  }

  async execute(
    sqlText: string,
    parameters: readonly unknown[],
    options: StatementOptions = {},
  ): Promise<StatementResult> {
    const { rows, rowCount } = await this.send(sqlText, parameters, options);
    return { rows, affectedRows: rowCount };
  }

  /**
   * Kysely over this one connection, through Kysely's own PostgreSQL dialect: postgres.js's result
   * already carries what the dialect reads (command, count, rows), so the client it is given only
   * renames them. No cursor: streaming through postgres.js is not what this session offers.
   */
  get db(): Kysely<DbbenchDatabase> {
    this.#db ??= new Kysely<DbbenchDatabase>({
      dialect: new PostgresDialect({
        pool: {
          connect: () =>
            Promise.resolve(
              kyselyPgClient(
                (sqlText, parameters) => this.send(sqlText, parameters),
                () => undefined,
              ),
            ),
          end: () => Promise.resolve(),
        },
      }),
    });
    return this.#db;
  }
}
