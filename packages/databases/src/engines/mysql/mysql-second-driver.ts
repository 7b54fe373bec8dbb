/**
 * The MariaDB connector, MySQL/MariaDB's second Node driver (`driver=mariadb`): how it is loaded and
 * configured. Loaded on first use, like mysql2 (`mysql-driver.ts`), so a fork that never asks for it
 * never pays for it.
 *
 * Equal terms with mysql2: the same connections kept open (`connectionLimit` = pool size, no idle
 * removal, none validated on checkout — mysql2 validates none), the same numbers (BIGINT as a number,
 * DECIMAL as a string, times in UTC), the same text protocol with values escaped into the SQL by the
 * driver (`query`, not server-side prepared `execute`), and no pipelining (the connector's default
 * sends a connection's next statement before the last one's answer; mysql2 cannot).
 */
import type * as mariadb from 'mariadb';
import { installedVersion } from '../../pool/package-version.js';
import type { DriverFacts } from '../../pool/pool-types.js';
import type { ConnectionInfo } from '../engine.js';

/** The driver's value on the `driver` axis. */
export const MARIADB_NAME = 'mariadb';

/** The npm package. */
const LIBRARY = 'mariadb';

/** The connector's promise API. */
export type MariadbModule = typeof mariadb;

let loaded: MariadbModule | undefined;

/** Loads the MariaDB connector (once). */
export async function loadMariadb(): Promise<MariadbModule> {
  loaded ??= await import('mariadb');
  return loaded;
}

/**
 * Longest wait the connector's own pool may impose (ms, the largest a timer takes): the metered pool
 * bounds acquisitions itself, as it does over mysql2, whose pool has no timeout at all.
 */
const NO_TIMEOUT_MS = 2 ** 31 - 1;

/** The settings that change what a request costs or returns, recorded in every result. */
const SETTINGS = {
  protocol: 'text (query: values escaped into the SQL by the driver)',
  pipelining: false,
  validateOnCheckout: false,
  bigint: 'number',
  decimal: 'string',
  timezone: 'UTC',
} as const;

/** What a report records about this driver. */
export function mariadbFacts(): DriverFacts {
  return { name: MARIADB_NAME, library: LIBRARY, version: installedVersion(LIBRARY), settings: SETTINGS };
}

/** The connector's pool options of every pool dbbench opens through it, metered or bare. */
export function mariadbPoolConfig(connection: ConnectionInfo, size: number): mariadb.PoolConfig {
  const { host, port, user, password, database } = connection;
  return {
    host,
    port,
    user,
    password,
    database,
    connectionLimit: size,
    minimumIdle: size,
    idleTimeout: 0,
    acquireTimeout: NO_TIMEOUT_MS,
    minDelayValidation: NO_TIMEOUT_MS,
    connectTimeout: 10_000,
    pipelining: SETTINGS.pipelining,
    bigIntAsNumber: true,
    insertIdAsNumber: true,
    decimalAsNumber: false,
    timezone: 'Z',
    // As mysql2's: the same client flags; every statement dbbench sends through this driver is one.
    multipleStatements: true,
    checkDuplicate: false,
  };
}
