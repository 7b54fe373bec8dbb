import type { Engine } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import type { ConnectionInfo, StartServerOptions } from '../../types.js';
import { redactedErrorMessage } from '../redact.js';
import { databaseInfo } from '../server-facts.js';
import { StartedServerHandle } from '../started-server-handle.js';
import { redactedConnectionUrl } from '../url/server-url.js';
import { createWorkDatabase } from '../work-database.js';
import { CONTAINER_ENGINE_FIX, assertContainerEngine } from './container-engine.js';

// What to check when the work database cannot be created in a container that did start.
const CONTAINER_GONE_FIX = 'The container may have stopped.';

/**
 * testcontainers provider, any engine: starts the engine's pinned image in this (the parent) process
 * on a random host port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a
 * reused container never carries one run's tables into the next. Stopping drops that database and,
 * unless `reuse`, stops the container (Ryuk removes it even if this process dies).
 */
export async function startTestcontainersServer(
  engine: Engine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  await assertContainerEngine();
  const plan = engine.container.plan(options);
  const container = await engine.container.build(plan);
  options.log?.(`testcontainers: starting ${plan.image}${plan.reuse ? ' (reuse)' : ''}`);
  const started = await container.start().catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not start the ${plan.image} container: ${redactedErrorMessage(error, [plan.password])}. ${CONTAINER_ENGINE_FIX}`,
    );
  });
  const admin: ConnectionInfo = {
    engine: engine.name,
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
    const work = await createWorkDatabase(engine, admin, options, where, CONTAINER_GONE_FIX);
    options.log?.(`testcontainers: ${where}, database ${work.connection.database}`);
    return new StartedServerHandle(
      work.connection,
      databaseInfo(engine, 'testcontainers', work.connection, work.facts),
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
