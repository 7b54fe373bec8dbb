import type { PostgreSqlContainer } from '@testcontainers/postgresql';
import type { StartServerOptions } from '../types.js';
import { postgresContainerPlan, type ContainerPlan } from './container-plan.js';
import { POSTGRES_WORK_DATABASE } from './postgres-work-database.js';
import type { StartedServerHandle } from './started-server-handle.js';
import {
  startTestcontainersServer,
  applyContainerPlan,
  type TestcontainersServerEngine,
} from './testcontainers-server.js';

/** Applies a {@link ContainerPlan} to the PostgreSQL module's container (nothing runs yet). */
export async function buildPostgresContainer(plan: ContainerPlan): Promise<PostgreSqlContainer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = new PostgreSqlContainer(plan.image).withUsername(plan.user).withPassword(plan.password);
  return applyContainerPlan(container, plan);
}

const POSTGRES_TESTCONTAINERS_SERVER: TestcontainersServerEngine = {
  engine: 'postgres',
  plan: postgresContainerPlan,
  build: buildPostgresContainer,
  workDatabase: POSTGRES_WORK_DATABASE,
};

/**
 * testcontainers provider, PostgreSQL: starts postgres:16-alpine in this (the parent) process on a
 * random host port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a reused
 * container never carries one run's tables into the next. Stopping drops that database and, unless
 * `reuse`, stops the container (Ryuk removes it even if this process dies).
 */
export function startPostgresTestcontainersServer(options: StartServerOptions): Promise<StartedServerHandle> {
  return startTestcontainersServer(POSTGRES_TESTCONTAINERS_SERVER, options);
}
