/**
 * The engines dbbench measures, by name: the one place that lists them (with {@link EngineName} in
 * `engine.ts`); the `Record` makes the compiler list what a new engine lacks.
 *
 * Only the entry points look an engine up here: the functions that receive it as serialized data
 * (`startServer(engineName, …)`, `createPool(connection)` in a fork, a URL's scheme, the watchdog's
 * orders, a suite module built for one engine). Everything else is handed the {@link Engine}
 * (`pool.engine`, `session.engine`); a test checks that no other file imports this one.
 */
import type { Engine, EngineName } from './engine.js';
import { mysqlEngine } from './mysql/index.js';
import { postgresEngine } from './postgres/index.js';

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
