/**
 * The engines dbbench measures, by name. This file is the only place that lists them: adding an
 * engine is one folder under `engines/` and one entry here (its name in {@link EngineName} and its
 * implementation in {@link ENGINES}); the `Record` makes the compiler list what a new engine lacks.
 */
import type { Kysely } from 'kysely';
import type { DbbenchDatabase } from '../types.js';
import type { Engine } from './engine.js';
import { mysqlEngine } from './mysql/index.js';
import { postgresEngine } from './postgres/index.js';

/** The name of a registered engine. MariaDB is served by `mysql`. */
export type EngineName = 'postgres' | 'mysql';

/** Every registered engine. */
export const ENGINES: Readonly<Record<EngineName, Engine>> = {
  postgres: postgresEngine,
  mysql: mysqlEngine,
};

/** Engine names in registry order (PostgreSQL first, as pages and help list them). */
export const ENGINE_NAMES = Object.keys(ENGINES) as readonly EngineName[];

/** Whether `name` is a registered engine. */
export function isEngineName(name: string): name is EngineName {
  return Object.hasOwn(ENGINES, name);
}

/** The engine registered as `name`; a `TypeError` listing the engines when there is none. */
export function engineNamed(name: string): Engine {
  if (!isEngineName(name)) {
    throw new TypeError(`Unknown database engine "${name}"; engines: ${ENGINE_NAMES.join(', ')}.`);
  }
  return ENGINES[name];
}

/** The engine whose dialect a Kysely instance or transaction speaks. */
export function engineOfKysely(db: Kysely<DbbenchDatabase>): Engine {
  const engine = Object.values(ENGINES).find((candidate) => candidate.pool.ownsKysely(db));
  if (engine === undefined) {
    const adapter = db.getExecutor().adapter.constructor.name;
    throw new TypeError(`Unsupported Kysely dialect (${adapter}): engines: ${ENGINE_NAMES.join(', ')}.`);
  }
  return engine;
}
