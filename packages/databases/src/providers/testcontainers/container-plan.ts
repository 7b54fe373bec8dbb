import { randomBytes } from 'node:crypto';
import type { GenericContainer } from 'testcontainers';
import type { StartServerOptions } from '../start-server-options.js';

/**
 * When a container counts as ready: `pattern` has matched `times` lines of its log. An official
 * image runs a temporary server during first-start initialisation, so its first ready line may not
 * be the real one; an image can declare its own line and count (see `container-image.ts`).
 */
export interface ReadyLog {
  readonly pattern: RegExp;
  readonly times: number;
}

/**
 * Everything a database container is started with, as plain data: built by a pure function per
 * engine (so it can be checked without a container engine), then applied to the engine's
 * testcontainers module.
 */
export interface ContainerPlan {
  /** The image: the engine's official one, or the one the user named. */
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
   * Ready when this log line has appeared `times` times. Only the log is watched: a listening-port
   * check execs into the container again and again, and under Podman every exec leaves processes
   * behind; the ready line of the real server is printed once it accepts connections.
   */
  readonly readyLog: ReadyLog;
  readonly startupTimeoutMs: number;
  /** dbbench's labels on the container (see `container-labels.ts`). */
  readonly labels: Readonly<Record<string, string>>;
}

/** What a plan is made from: the image and labels the provider chose, and the run's needs. */
export interface ContainerPlanOptions extends Pick<StartServerOptions, 'reuse' | 'minConnections'> {
  readonly image: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** The subset of a started testcontainers module container the provider uses. */
export interface RunningContainer {
  getId(): string;
  getHost(): string;
  /** The host port mapped to the server's port inside the container. */
  getPort(): number;
  /** Runs a command in the container (reading its CPU quota back). */
  exec(command: string[]): Promise<{ readonly output: string; readonly exitCode: number }>;
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

/** The plan fields that are the same for every engine: image, labels, reuse, its password, the first database, the timeout. */
export function sharedPlanFields(
  options: ContainerPlanOptions,
): Pick<ContainerPlan, 'image' | 'labels' | 'reuse' | 'password' | 'database' | 'startupTimeoutMs'> {
  const reuse = options.reuse ?? false;
  return {
    image: options.image,
    labels: { ...options.labels },
    reuse,
    password: reuse ? REUSE_PASSWORD : randomBytes(16).toString('hex'),
    database: CONTAINER_DATABASE,
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
  };
}

// Docker's way to switch off an image's or module's health check; testcontainers' type lists only CMD forms.
const DISABLED_HEALTH_CHECK = ['NONE'] as unknown as ['CMD', ...string[]];

/** The part of the testcontainers database modules' fluent API that every engine's module shares. */
export interface DatabaseModuleContainer {
  withDatabase(database: string): this;
}

/**
 * Applies the engine-independent part of a {@link ContainerPlan} to a module container: the database
 * the image creates, the server command, labels, readiness, start-up timeout and reuse. The module
 * exposes `plan.containerPort` itself (mapped to a random host port). Readiness is the plan's log
 * line alone rather than the module's own check: the MySQL module waits only for the port, which
 * the init-time server never opens, and the PostgreSQL module's health check needs a container
 * engine with healthcheck support, which Podman without systemd lacks.
 */
export async function applyContainerPlan<C extends GenericContainer & DatabaseModuleContainer>(
  container: C,
  plan: ContainerPlan,
): Promise<C> {
  const { Wait } = await import('testcontainers');
  const configured = container
    .withDatabase(plan.database)
    .withCommand([...plan.command])
    .withLabels({ ...plan.labels })
    // No health check: the PostgreSQL module's runs pg_isready in the container every 250 ms for
    // the container's whole life — load on the server being measured — and Podman without systemd
    // never runs one anyway. Readiness is the log line.
    .withHealthCheck({ test: DISABLED_HEALTH_CHECK })
    .withWaitStrategy(Wait.forLogMessage(plan.readyLog.pattern, plan.readyLog.times))
    .withStartupTimeout(plan.startupTimeoutMs);
  return plan.reuse ? configured.withReuse() : configured;
}
