import type { MySqlContainer } from '@testcontainers/mysql';
import type { ConnectionInfo, StartServerOptions } from '../types.js';
import { CONTAINER_ENGINE_FIX, assertContainerEngine } from './container-engine.js';
import { mysqlContainerPlan, type ContainerPlan } from './container-plan.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { createMysqlWorkDatabase } from './mysql-work-database.js';
import { redactedErrorMessage } from './redact.js';
import { databaseInfo } from './server-facts.js';
import { redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';

/** Applies a {@link ContainerPlan} to the MySQL module's container (nothing runs yet). */
export async function buildMysqlContainer(plan: ContainerPlan): Promise<MySqlContainer> {
  const { MySqlContainer } = await import('@testcontainers/mysql');
  const { Wait } = await import('testcontainers');
  // The module exposes plan.containerPort itself (mapped to a random host port).
  const container = new MySqlContainer(plan.image)
    // dbbench logs in as root (plan.user) to create and drop its work databases; the image also
    // wants an ordinary user, given the same password.
    .withRootPassword(plan.password)
    .withUsername('dbbench')
    .withUserPassword(plan.password)
    .withDatabase(plan.database)
    .withCommand([...plan.command])
    // The module waits only for the port, which the init-time server never opens: wait for the real one's log line too.
    .withWaitStrategy(
      Wait.forAll([Wait.forLogMessage(plan.readyLog.pattern, plan.readyLog.times), Wait.forListeningPorts()]),
    )
    .withStartupTimeout(plan.startupTimeoutMs);
  return plan.reuse ? container.withReuse() : container;
}

/**
 * testcontainers provider, MySQL: starts mysql:8.4 in this (the parent) process on a
 * random host port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a reused
 * container never carries one run's tables into the next. Stopping drops that database and, unless
 * `reuse`, stops the container (Ryuk removes it even if this process dies).
 */
export async function startMysqlTestcontainersServer(
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  await assertContainerEngine();
  const plan = mysqlContainerPlan(options);
  const container = await buildMysqlContainer(plan);
  options.log?.(`testcontainers: starting ${plan.image}${plan.reuse ? ' (reuse)' : ''}`);
  const started = await container.start().catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not start the ${plan.image} container: ${redactedErrorMessage(error, [plan.password])}. ${CONTAINER_ENGINE_FIX}`,
    );
  });
  const admin: ConnectionInfo = {
    engine: 'mysql',
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
    const work = await createMysqlWorkDatabase(admin, options, where, 'The container may have stopped.');
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
