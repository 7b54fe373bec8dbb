/**
 * A connection reserved from postgres.js as a {@link Session}. Every statement — the session's own
 * calls and Kysely's — goes through one `send`, which counts it and calls the driver's `unsafe`, the
 * call a postgres.js user makes for SQL text with values.
 */
import type { Writable } from 'node:stream';
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

/**
 * Records that the socket of `reserved` closed (the pool watches each reservation's socket): no
 * statement is sent on it again — postgres.js 3.4.9 crashes the process with "Cannot read properties
 * of null (reading 'write')" when one is — and the pool replaces it.
 */
export function noteClosedReservation(reserved: PostgresJsReserved): void {
  closedReservations.add(reserved);
}

/** The error a statement on a closed reservation fails with, in postgres.js's own code. */
function connectionClosedError(): Error {
  return Object.assign(new Error('the connection was closed (by the server or the network) while reserved'), {
    code: 'CONNECTION_CLOSED',
  });
}

/** postgres.js's error codes for a connection that closed, was destroyed or was ended. */
const CONNECTION_GONE = /^CONNECTION_(CLOSED|DESTROYED|ENDED)$/;

/**
 * A statement that completes, sent after a statement failed on the server. postgres.js 3.4.9 resets
 * a connection's count of rows received only when a statement completes: one that fails after
 * sending rows (a division by zero at row 150) leaves it, and the next statement's result then holds
 * that many empty slots before its own rows (`[ <149 empty items>, { x: 3 } ]`, measured here). A
 * statement that completes resets it, so no caller after the failure sees a shifted result.
 */
const ROW_COUNT_RESET = 'SELECT 1';

/** Batches of a postgres.js cursor (see {@link PostgresJsSession.cursor}). */
export interface PostgresJsCursor {
  /** Fetches the next batch; `done` once every row was read. Never call it while a fetch is in flight. */
  next(): Promise<IteratorResult<Record<string, unknown>[]>>;
  /**
   * Stops reading: closes the portal when rows remain (the connection runs its next statement after
   * the Close). Call it only with no fetch in flight; idempotent.
   */
  close(): Promise<void>;
}

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
    const result = await this.#noteClosed(() =>
      this.reserved.unsafe<Record<string, unknown>[]>(sqlText, [...parameters] as never[], {
        prepare: options.prepared === true,
      }),
    );
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

  /**
   * `COPY … FROM STDIN` on this connection, counted: resolves to the Writable the text goes into
   * once the server is ready for it; the Writable finishes when the server has confirmed the COPY.
   */
  async copyFrom(statement: string): Promise<Writable> {
    this.work.statement(statement);
    return this.#noteClosed(() => this.reserved.unsafe(statement).writable());
  }

  /**
   * A parameterised SELECT read through postgres.js's `cursor()`, counted: a portal on the server
   * from which each {@link PostgresJsCursor.next} fetches the next `batchSize` rows, only once the
   * previous batch has been taken (backpressure by construction).
   */
  cursor(sqlText: string, parameters: readonly unknown[], batchSize: number): PostgresJsCursor {
    this.work.statement(sqlText);
    const statement = this.reserved.unsafe<Record<string, unknown>[]>(sqlText, [...parameters] as never[], {
      prepare: false,
    });
    const batches = statement.cursor(batchSize)[Symbol.asyncIterator]();
    let closed: Promise<void> | undefined;
    return {
      next: () => this.#noteClosed(() => Promise.resolve(batches.next())),
      close: () => {
        // Closes the portal if a batch is held (nothing to do when every row was read). Not awaited
        // further: in iterator mode the statement's own promise never settles (postgres.js 3.4.9),
        // and the connection queues the next statement behind the Close anyway.
        closed ??= Promise.resolve(batches.return?.()).then(() => undefined);
        return closed;
      },
    };
  }

  /**
   * Runs `work`, remembering a connection that closed under it (it must then not be released), and
   * after an error from the server, resetting the connection's row count (see {@link ROW_COUNT_RESET}).
   */
  async #noteClosed<T>(work: () => Promise<T>): Promise<T> {
    if (closedReservations.has(this.reserved)) throw connectionClosedError();
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && CONNECTION_GONE.test(code)) closedReservations.add(this.reserved);
      else if (error instanceof Error && error.name === 'PostgresError') {
        this.work.statement(ROW_COUNT_RESET);
        await this.reserved.unsafe(ROW_COUNT_RESET).catch(() => undefined);
      }
      throw error;
    }
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
   * renames them. Streams are read through {@link PostgresJsSession.cursor}, not through Kysely.
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

/**
 * The postgres.js session inside a session of this engine, for PostgreSQL code written for that
 * driver (the suites' per-engine I/O); a `TypeError` for a session of another driver or engine.
 */
export function postgresJsSessionOf(session: Session): PostgresJsSession {
  if (!(session instanceof PostgresJsSession)) {
    throw new TypeError(
      session.engine.name === 'postgres'
        ? 'this PostgreSQL operation is written for postgres.js: open its pool with driver=postgresjs'
        : `a PostgreSQL operation was given a ${session.engine.label} session`,
    );
  }
  return session;
}
