import type { PostgreSqlContainer } from '@testcontainers/postgresql';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { CONTAINER_ENGINE_FIX, assertContainerEngine } from './container-engine.js';
import { postgresContainerPlan, type ContainerPlan } from './container-plan.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { createPostgresWorkDatabase } from './postgres-work-database.js';
import { redactedErrorMessage } from './redact.js';
import { databaseInfo } from './server-facts.js';
import { redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';

/** Applies a {@link ContainerPlan} to the PostgreSQL module's container (nothing runs yet). */
export async function buildPostgresContainer(plan: ContainerPlan): Promise<PostgreSqlContainer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { Wait } = await import('testcontainers');
  // The module exposes plan.containerPort itself (mapped to a random host port).
  const container = new PostgreSqlContainer(plan.image)
    .withUsername(plan.user)
    .withPassword(plan.password)
    .withDatabase(plan.database)
    .withCommand([...plan.command])
    // Log and port, not the module's health check: Podman without healthcheck support can run it too.
    .withWaitStrategy(
      Wait.forAll([Wait.forLogMessage(plan.readyLog.pattern, plan.readyLog.times), Wait.forListeningPorts()]),
    )
    .withStartupTimeout(plan.startupTimeoutMs);
  return plan.reuse ? container.withReuse() : container;
}

/**
 * testcontainers provider, PostgreSQL: starts postgres:16-alpine in this (the parent) process on a
 * random host port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a reused
 * container never carries one run's tables into the next. Stopping drops that database and, unless
 * `reuse`, stops the container (Ryuk removes it even if this process dies).
 */
export async function startPostgresTestcontainersServer(
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  await assertContainerEngine();
  const plan = postgresContainerPlan(options);
  const container = await buildPostgresContainer(plan);
  options.log?.(`testcontainers: starting ${plan.image}${plan.reuse ? ' (reuse)' : ''}`);
  const started = await container.start().catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not start the ${plan.image} container: ${redactedErrorMessage(error, [plan.password])}. ${CONTAINER_ENGINE_FIX}`,
    );
  });
  const admin: ConnectionInfo = {
    engine: 'postgres',
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
    const work = await createPostgresWorkDatabase(admin, options, where, 'The container may have stopped.');
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
