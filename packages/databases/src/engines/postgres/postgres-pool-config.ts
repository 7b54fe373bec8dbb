/**
 * How every PostgreSQL pool dbbench opens is configured and pre-warmed, metered or bare, so the two
 * differ only by the meter.
 */
import type pg from 'pg';
import { installedVersion } from '../../pool/package-version.js';
import type { DriverFacts } from '../../pool/pool-types.js';
import { prewarmConnections } from '../../pool/prewarm-connections.js';
import type { ConnectionInfo } from '../engine.js';

/** OID of `timestamp without time zone`. */
const TIMESTAMP_OID = 1114;

/**
 * Reads `timestamp without time zone` as UTC, the zone the seeders write it in and the one the
 * MySQL pool uses, so both engines return the same instants whatever the machine's zone.
 */
function utcTimestampTypes(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
      oid === TIMESTAMP_OID && format !== 'binary'
        ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
        : (types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof types.getTypeParser,
  };
}

/**
 * The pg.Pool configuration of every pool dbbench opens, metered or bare: `size` connections kept
 * open (pre-warmed connections must survive idle stretches between iterations), no connect timeout
 * (the metered pool bounds acquisitions itself), timestamps read as UTC.
 */
export function postgresPoolConfig(
  pgModule: typeof pg,
  connection: ConnectionInfo,
  size: number,
): pg.PoolConfig {
  const { host, port, user, password, database } = connection;
  return {
    host,
    port,
    user,
    password,
    database,
    max: size,
    min: size,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 0,
    types: utcTimestampTypes(pgModule.types),
  };
}

/**
 * Opens and validates all `size` connections of a new pool before anyone uses it; if that fails,
 * ends the pool (`end`) and throws a `PoolConnectError` without the password.
 */
export async function prewarmPostgresPool(
  driver: pg.Pool,
  size: number,
  connection: ConnectionInfo,
  end: () => Promise<void>,
): Promise<void> {
  await prewarmConnections<pg.PoolClient>(
    { connection, size, end },
    {
      take: () => driver.connect(),
      validate: async (client) => void (await client.query('SELECT 1')),
      giveBack: (client) => client.release(),
    },
  );
}

/**
 * The settings both PostgreSQL drivers are held to, spelled alike so the docs can check them: each
 * statement unprepared unless the caller asks, one statement in flight per connection, timestamps
 * without time zone read as UTC instants, int8 and numeric as strings, TCP_NODELAY on.
 */
export const POSTGRES_DRIVER_SETTINGS = {
  prepare: 'per statement: unprepared, unless the caller asks for a prepared one',
  pipelining: 'off',
  timestampWithoutTimeZone: 'UTC Date',
  int8AndNumeric: 'string',
  tcpNoDelay: 'on',
} as const;

/**
 * What a report records about node-postgres: the settings postgres.js is held to as well (see
 * `postgres-second-driver.ts`).
 */
export function pgFacts(): DriverFacts {
  return {
    name: 'pg',
    library: 'pg',
    version: installedVersion('pg'),
    settings: POSTGRES_DRIVER_SETTINGS,
    behaviour: {
      parameterTypes: 'left to the server (unnamed statement: parse, bind and execute in one round trip)',
    },
  };
}
