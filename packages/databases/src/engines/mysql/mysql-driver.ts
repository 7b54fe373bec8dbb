/**
 * mysql2, loaded on first use instead of when the package is imported: a fork measuring PostgreSQL
 * never loads it (about 0.13 s of CPU at every fork's start here). Every MySQL path that needs it
 * starts with an asynchronous step that loads it — opening a pool or an admin connection — so code
 * that runs later (sessions, chunk writers) reads it synchronously.
 */
import type mysql from 'mysql2';
import type mysqlPromise from 'mysql2/promise';

/** The driver modules MySQL code uses: the callback API (pools) and the promise API (admin). */
export interface MysqlDriver {
  readonly mysql: typeof mysql;
  readonly mysqlPromise: typeof mysqlPromise;
}

let loaded: MysqlDriver | undefined;

/** Loads the driver modules (once; later calls resolve at once). */
export async function loadMysqlDriver(): Promise<MysqlDriver> {
  if (loaded !== undefined) return loaded;
  const [callbackModule, promiseModule] = await Promise.all([import('mysql2'), import('mysql2/promise')]);
  loaded ??= { mysql: callbackModule.default, mysqlPromise: promiseModule.default };
  return loaded;
}

/**
 * The driver modules, for code that runs on a session or pool (which loaded them first); a
 * `TypeError` if nothing has loaded them yet.
 */
export function mysqlDriver(): MysqlDriver {
  if (loaded === undefined) throw new TypeError('mysql2 is used before a MySQL pool or connection loaded it');
  return loaded;
}
