import { randomBytes } from 'node:crypto';
import type { StartServerOptions } from '../types.js';
import { serverMaxConnections } from './server-defaults.js';

/**
 * Everything a database container is started with, as plain data: built by a pure function per
 * engine (so it can be checked without an engine), then applied to the testcontainers module's class.
 */
export interface ContainerPlan {
  /** Pinned image. */
  readonly image: string;
  /** The port the server listens on inside the container; testcontainers maps it to a random host port. */
  readonly containerPort: number;
  readonly user: string;
  readonly password: string;
  /** The database the image creates at first start. */
  readonly database: string;
  /** The environment the module gives the container (from user, password and database). */
  readonly environment: Readonly<Record<string, string>>;
  /** The container command: the server with max_connections raised. */
  readonly command: readonly string[];
  /** Keep the container for the next run (testcontainers reuse: same configuration, same container). */
  readonly reuse: boolean;
  /**
   * Ready when this log line has appeared `times` times and the port listens. Both images run a
   * temporary server during first-start initialisation, so the first "ready" line is not the real one.
   */
  readonly readyLog: { readonly pattern: RegExp; readonly times: number };
  readonly startupTimeoutMs: number;
}

/** Image pins: the versions DESIGN.md promises. */
export const POSTGRES_IMAGE = 'postgres:16-alpine';
export const MYSQL_IMAGE = 'mysql:8.4';
const STARTUP_TIMEOUT_MS = 120_000;
// A reused container must be found again by the same configuration hash, so its password cannot be
// random; the container only listens on a mapped port of the engine host.
const REUSE_PASSWORD = 'dbbench-reuse';

// The database both images create at first start; the admin connection for the work databases goes there.
const CONTAINER_DATABASE = 'dbbench';

/** The plan fields that are the same for every engine: reuse, its password, the first database, the timeout. */
function sharedPlanFields(
  options: Pick<StartServerOptions, 'reuse'>,
): Pick<ContainerPlan, 'reuse' | 'password' | 'database' | 'startupTimeoutMs'> {
  const reuse = options.reuse ?? false;
  return {
    reuse,
    password: reuse ? REUSE_PASSWORD : randomBytes(16).toString('hex'),
    database: CONTAINER_DATABASE,
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
  };
}

/** The PostgreSQL container dbbench starts: postgres:16-alpine, max_connections from `minConnections`. */
export function postgresContainerPlan(
  options: Pick<StartServerOptions, 'reuse' | 'minConnections'>,
): ContainerPlan {
  const shared = sharedPlanFields(options);
  return {
    ...shared,
    image: POSTGRES_IMAGE,
    containerPort: 5432,
    user: 'dbbench',
    environment: {
      POSTGRES_USER: 'dbbench',
      POSTGRES_PASSWORD: shared.password,
      POSTGRES_DB: shared.database,
    },
    command: ['postgres', '-c', `max_connections=${serverMaxConnections(options.minConnections)}`],
    readyLog: { pattern: /database system is ready to accept connections/, times: 2 },
  };
}

/** The MySQL container dbbench starts: mysql:8.4, root login, max_connections from `minConnections`. */
export function mysqlContainerPlan(
  options: Pick<StartServerOptions, 'reuse' | 'minConnections'>,
): ContainerPlan {
  const shared = sharedPlanFields(options);
  return {
    ...shared,
    image: MYSQL_IMAGE,
    containerPort: 3306,
    // root, so dbbench can create and drop its work databases.
    user: 'root',
    environment: {
      MYSQL_ROOT_PASSWORD: shared.password,
      MYSQL_DATABASE: shared.database,
      MYSQL_USER: 'dbbench',
      MYSQL_PASSWORD: shared.password,
    },
    command: [`--max-connections=${serverMaxConnections(options.minConnections)}`, '--mysqlx=OFF'],
    // The init-time server logs "port: 0" (networking off); only the real one names 3306.
    readyLog: { pattern: /ready for connections.*port: 3306/, times: 1 },
  };
}
