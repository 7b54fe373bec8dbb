/**
 * node-postgres and its stream add-ons, loaded on first use instead of when the package is imported:
 * a fork measuring MySQL never loads them (about 0.2 s of CPU at every fork's start here). Every
 * PostgreSQL path that needs them starts with an asynchronous step that loads them — opening a pool
 * or an admin connection — so code that runs later (sessions, COPY, cursors) reads them synchronously.
 */
import type pg from 'pg';
import type Cursor from 'pg-cursor';
import type * as copyStreams from 'pg-copy-streams';

/** The driver modules PostgreSQL code uses. */
export interface PostgresDriver {
  readonly pg: typeof pg;
  readonly Cursor: typeof Cursor;
  readonly copyStreams: typeof copyStreams;
}

let loaded: PostgresDriver | undefined;

/** Loads the driver modules (once; later calls resolve at once). */
export async function loadPostgresDriver(): Promise<PostgresDriver> {
  if (loaded !== undefined) return loaded;
  const [pgModule, cursorModule, copyModule] = await Promise.all([
    import('pg'),
    import('pg-cursor'),
    import('pg-copy-streams'),
  ]);
  loaded ??= { pg: pgModule.default, Cursor: cursorModule.default, copyStreams: copyModule };
  return loaded;
}

/**
 * The driver modules, for code that runs on a session or pool (which loaded them first); a
 * `TypeError` if nothing has loaded them yet.
 */
export function postgresDriver(): PostgresDriver {
  if (loaded === undefined) {
    throw new TypeError('node-postgres is used before a PostgreSQL pool or connection loaded it');
  }
  return loaded;
}
