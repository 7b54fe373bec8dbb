/** How every PostgreSQL pool dbbench opens is configured, metered or bare, so the two differ only by the meter. */
import type pg from 'pg';
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
  return {
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database,
    max: size,
    min: size,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 0,
    types: utcTimestampTypes(pgModule.types),
  };
}
