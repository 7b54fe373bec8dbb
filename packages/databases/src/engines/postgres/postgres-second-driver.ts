/**
 * postgres.js, PostgreSQL's second Node driver (`driver=postgresjs`): how it is loaded and configured.
 * Loaded on first use, like node-postgres (`postgres-driver.ts`), so a fork that never asks for it
 * never pays for it.
 *
 * Equal terms with pg: the same connections kept open (`max` = pool size, no idle or lifetime limit,
 * nothing opened lazily once pre-warmed), the same type parsing (timestamps without time zone read as
 * UTC instants, int8 and numeric kept as strings, as pg does), no pipelining across callers (a checked
 * out connection serves one caller, as a pg client does), and statements not prepared: every
 * parameterised statement goes as an unnamed one, as pg sends them. postgres.js then asks the server
 * for the statement's parameter types before binding it (one more round trip per statement, its
 * design for unprepared statements); the settings record it.
 */
import { connect, type Socket } from 'node:net';
import type postgres from 'postgres';
import { installedVersion } from '../../pool/package-version.js';
import type { DriverFacts } from '../../pool/pool-types.js';
import type { ConnectionInfo } from '../engine.js';
import { POSTGRES_DRIVER_SETTINGS } from './postgres-pool-config.js';

/** The driver's value on the `driver` axis. */
export const POSTGRESJS_NAME = 'postgresjs';

/** The npm package. */
const LIBRARY = 'postgres';

/** A postgres.js instance: the driver's own pool of connections. */
export type PostgresJsSql = postgres.Sql;

/** A connection reserved from it (`sql.reserve()`), until `release()`. */
export type PostgresJsReserved = postgres.ReservedSql;

/**
 * The options dbbench passes. postgres.js's typings leave out `socket` (a function that opens each
 * connection's socket) and `max_pipeline`, which its code reads.
 */
export type PostgresJsOptions = postgres.Options<Record<string, postgres.PostgresType>> & {
  readonly socket?: () => Socket;
  readonly max_pipeline?: number;
};

/** The postgres.js entry point. */
type PostgresJs = (options: PostgresJsOptions) => PostgresJsSql;

let loaded: PostgresJs | undefined;

/** Loads postgres.js (once). */
export async function loadPostgresJs(): Promise<PostgresJs> {
  loaded ??= (await import('postgres')).default as unknown as PostgresJs;
  return loaded;
}

/** OID of `timestamp without time zone`. */
const TIMESTAMP_OID = 1114;

/** What postgres.js does that no setting changes, recorded in every result. */
const BEHAVIOUR = {
  parameterTypes: 'asked of the server before each unprepared parameterised statement (one more round trip)',
  fetchArrayTypes: 'once per connection, when it opens (untimed: pre-warmed)',
} as const;

/** What a report records about this driver. */
export function postgresJsFacts(): DriverFacts {
  return {
    name: POSTGRESJS_NAME,
    library: LIBRARY,
    version: installedVersion(LIBRARY),
    // The same settings as pg's: TCP_NODELAY and no pipelining set below, the rest by the sessions.
    settings: POSTGRES_DRIVER_SETTINGS,
    behaviour: BEHAVIOUR,
  };
}

/**
 * The postgres.js options of every pool dbbench opens through it, metered or bare. dbbench opens
 * each connection's socket itself, with TCP_NODELAY on: postgres.js 3.4.9 leaves Nagle's algorithm
 * on for the sockets it opens, so the end of a COPY (CopyDone, written while the last data is not
 * yet acknowledged) waited for the server's delayed ACK — measured here, a streaming job of 100
 * chunks took 9.8 s instead of 1.3 s. `opened`, when given, is told of every socket (the metered
 * pool counts it and watches its bytes).
 */
export function postgresJsOptions(
  connection: ConnectionInfo,
  size: number,
  opened?: (socket: Socket) => void,
  onclose?: () => void,
): PostgresJsOptions {
  const { host, port, user, password, database } = connection;
  const socket = (): Socket => {
    const opening = connect(port, host);
    opening.setNoDelay(true);
    opened?.(opening);
    return opening;
  };
  return {
    host,
    port,
    user,
    password,
    database,
    max: size,
    // Pre-warmed connections must survive idle stretches between iterations and never be recycled
    // mid-measurement (postgres.js's default lifetime is 30–60 min, chosen at random).
    idle_timeout: 0,
    max_lifetime: 0,
    // No connect timeout, as pg's pool: the metered pool bounds acquisitions itself.
    connect_timeout: 0,
    // On for the instance, so that a statement may ask for it: postgres.js prepares a statement only
    // when both the instance and the statement say so. Every call says which (see the sessions).
    prepare: true,
    // postgres.js pipelines a statement onto a busy connection when none is free; pg queues it.
    max_pipeline: 1,
    // fetch_types stays on (postgres.js's default): with it off, `reserve()` on 3.4.9 never
    // resolves here. It costs one query per connection as it opens, before any measurement.
    onnotice: () => undefined,
    types: {
      utcTimestamp: {
        to: TIMESTAMP_OID,
        from: [TIMESTAMP_OID],
        serialize: (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)),
        parse: (text: string) => new Date(`${text.replace(' ', 'T')}Z`),
      },
    },
    socket,
    ...(onclose === undefined ? {} : { onclose }),
  };
}
