import type { Engine, EngineDriver, EngineName } from '../engines/engine.js';
import { engineNamed } from '../engines/registry.js';
import { InvalidValueError } from '../errors.js';
import type { BarePool, ConnectionInfo, MeteredPool, PoolOptions } from '../types.js';

/**
 * Opens a pre-warmed, metered pool of `options.size` connections for the connection's engine, with
 * a typed Kysely instance over it (`pool.db`). Every acquisition, Kysely's included, is timed.
 *
 * @example
 * ```ts
 * await using pool = await createPool(server.connection, { size: 10, acquireTimeoutMs: 5000 });
 * const rows = await pool.db.selectFrom('source').selectAll().limit(10).execute();
 * console.log(pool.metrics().acquireWaitMs.p99);
 * ```
 * @throws InvalidValueError for a size, timeout or driver that cannot work
 * @throws PoolConnectError when the connections cannot be opened (the message never holds the password)
 */
export async function createPool(connection: ConnectionInfo, options: PoolOptions): Promise<MeteredPool> {
  if (!Number.isInteger(options.size) || options.size < 1) {
    throw new InvalidValueError(
      `Pool size must be a positive integer, got ${options.size}: pass -p poolSize=10 or similar.`,
    );
  }
  const timeout = options.acquireTimeoutMs ?? 0;
  if (!Number.isFinite(timeout) || timeout < 0) {
    throw new InvalidValueError(
      `acquireTimeoutMs must be 0 (wait forever) or a positive number of ms, got ${timeout}.`,
    );
  }
  // An entry point: a fork receives its connection as JSON, so the engine is looked up by name here
  // and carried by the pool (`pool.engine`) from then on.
  const engine = engineNamed(connection.engine);
  return driverOf(engine, options.driver).create(engine, connection, options);
}

/**
 * Opens the driver's own pool for the connection's engine, configured and pre-warmed like
 * {@link createPool}'s but with nothing of dbbench's between caller and driver; see {@link BarePool}.
 *
 * @throws InvalidValueError for a size or driver that cannot work
 * @throws PoolConnectError when the connections cannot be opened (the message never holds the password)
 */
export async function createBarePool(
  connection: ConnectionInfo,
  size: number,
  driver?: string,
): Promise<BarePool> {
  if (!Number.isInteger(size) || size < 1) {
    throw new InvalidValueError(
      `Pool size must be a positive integer, got ${size}: pass -p poolSize=10 or similar.`,
    );
  }
  return driverOf(engineNamed(connection.engine), driver).createBare(connection, size);
}

/**
 * The names of an engine's Node drivers, the default first: the values of a suite's `driver` axis.
 *
 * @example
 * ```ts
 * driverNames('mysql'); // ['mysql2', 'mariadb']
 * ```
 */
export function driverNames(engine: EngineName): readonly string[] {
  return engineNamed(engine).pool.drivers.map((driver) => driver.name);
}

/** How the docs name each of an engine's drivers, by its `driver` axis value. */
export function driverLabels(engine: EngineName): Readonly<Record<string, string>> {
  return Object.fromEntries(engineNamed(engine).pool.drivers.map((driver) => [driver.name, driver.label]));
}

/** The engine's driver called `name` (its first when undefined); an InvalidValueError naming the choices. */
function driverOf(engine: Engine, name: string | undefined): EngineDriver {
  const { drivers } = engine.pool;
  if (name === undefined) return drivers[0];
  const driver = drivers.find((candidate) => candidate.name === name);
  if (driver === undefined) {
    throw new InvalidValueError(
      `driver=${name} is not a ${engine.label} driver here; use one of ${drivers.map((d) => d.name).join(', ')}`,
    );
  }
  return driver;
}
