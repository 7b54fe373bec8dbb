import type { GenericContainer } from 'testcontainers';
import type { ConnectionInfo, Engine, StartServerOptions } from '../types.js';
import { CONTAINER_ENGINE_FIX, assertContainerEngine } from './container-engine.js';
import type { ContainerPlan } from './container-plan.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { redactedErrorMessage } from './redact.js';
import { databaseInfo } from './server-facts.js';
import { redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';
import { createWorkDatabase, type WorkDatabaseEngine } from './work-database.js';

// What to check when the work database cannot be created in a container that did start.
const CONTAINER_GONE_FIX = 'The container may have stopped.';

/** The subset of a started testcontainers module container this provider uses. */
export interface RunningContainer {
  getHost(): string;
  /** The host port mapped to the server's port inside the container. */
  getPort(): number;
  stop(): Promise<unknown>;
}

/** The subset of a configured testcontainers module container this provider uses. */
export interface StartableContainer {
  start(): Promise<RunningContainer>;
}

/** What the testcontainers provider needs to know about one engine; the flow is {@link startTestcontainersServer}. */
export interface TestcontainersServerEngine {
  readonly engine: Engine;
  /** The container to start, as plain data. */
  plan(options: Pick<StartServerOptions, 'reuse' | 'minConnections'>): ContainerPlan;
  /** Applies the plan to the engine's testcontainers module (nothing runs yet). */
  build(plan: ContainerPlan): Promise<StartableContainer>;
  readonly workDatabase: WorkDatabaseEngine;
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

/**
 * testcontainers provider, any engine: starts the engine's pinned image in this (the parent) process
 * on a random host port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a
 * reused container never carries one run's tables into the next. Stopping drops that database and,
 * unless `reuse`, stops the container (Ryuk removes it even if this process dies).
 */
export async function startTestcontainersServer(
  spec: TestcontainersServerEngine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  await assertContainerEngine();
  const plan = spec.plan(options);
  const container = await spec.build(plan);
  options.log?.(`testcontainers: starting ${plan.image}${plan.reuse ? ' (reuse)' : ''}`);
  const started = await container.start().catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not start the ${plan.image} container: ${redactedErrorMessage(error, [plan.password])}. ${CONTAINER_ENGINE_FIX}`,
    );
  });
  const admin: ConnectionInfo = {
    engine: spec.engine,
    host: started.getHost(),
    port: started.getPort(),
    user: plan.user,
    password: plan.password,
    database: plan.database,
  };
  const stopContainer = async (): Promise<void> => {
    if (!plan.reuse) await started.stop();
  };
  try {
    const where = `the ${plan.image} container at ${redactedConnectionUrl(admin)}`;
    const work = await createWorkDatabase(spec.workDatabase, admin, options, where, CONTAINER_GONE_FIX);
    options.log?.(`testcontainers: ${where}, database ${work.connection.database}`);
    return new StartedServerHandle(
      work.connection,
      databaseInfo('testcontainers', work.connection, work.facts),
      async () => {
        try {
          await work.drop();
        } finally {
          await stopContainer();
        }
      },
    );
  } catch (error) {
    await stopContainer().catch(() => undefined);
    throw error;
  }
}
