import { randomBytes } from 'node:crypto';
import type { GenericContainer } from 'testcontainers';
import type { StartServerOptions } from '../../types.js';

/**
 * Everything a database container is started with, as plain data: built by a pure function per
 * engine (so it can be checked without a container engine), then applied to the engine's
 * testcontainers module.
 */
export interface ContainerPlan {
  /** The image, pinned. */
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
   * Ready when this log line has appeared `times` times and the port listens. Both official images
   * run a temporary server during first-start initialisation, so the first "ready" line is not the real one.
   */
  readonly readyLog: { readonly pattern: RegExp; readonly times: number };
  readonly startupTimeoutMs: number;
}

/** The subset of a started testcontainers module container the provider uses. */
export interface RunningContainer {
  getHost(): string;
  /** The host port mapped to the server's port inside the container. */
  getPort(): number;
  stop(): Promise<unknown>;
}

/** The subset of a configured testcontainers module container the provider uses. */
export interface StartableContainer {
  start(): Promise<RunningContainer>;
}

const STARTUP_TIMEOUT_MS = 120_000;
// A reused container must be found again by the same configuration hash, so its password cannot be
// random; the container only listens on a mapped port of the engine host.
const REUSE_PASSWORD = 'dbbench-reuse';

/** The database both images create at first start; the admin connection for work databases goes there. */
export const CONTAINER_DATABASE = 'dbbench';

/** The plan fields that are the same for every engine: reuse, its password, the first database, the timeout. */
export function sharedPlanFields(
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

/** The part of the testcontainers database modules' fluent API that every engine's module shares. */
export interface DatabaseModuleContainer {
  withDatabase(database: string): this;
}

/**
 * Applies the engine-independent part of a {@link ContainerPlan} to a module container: the database
 * the image creates, the server command, readiness, start-up timeout and reuse. The module exposes
 * `plan.containerPort` itself (mapped to a random host port). Readiness is the plan's log line plus
 * the listening port rather than the module's own check: the MySQL module waits only for the port,
 * which the init-time server never opens, and the PostgreSQL module's health check needs a container
 * engine with healthcheck support, which Podman may lack.
 */
export async function applyContainerPlan<C extends GenericContainer & DatabaseModuleContainer>(
  container: C,
  plan: ContainerPlan,
): Promise<C> {
  const { Wait } = await import('testcontainers');
  const configured = container
    .withDatabase(plan.database)
    .withCommand([...plan.command])
    .withWaitStrategy(
      Wait.forAll([Wait.forLogMessage(plan.readyLog.pattern, plan.readyLog.times), Wait.forListeningPorts()]),
    )
    .withStartupTimeout(plan.startupTimeoutMs);
  return plan.reuse ? configured.withReuse() : configured;
}
