import type { PostgreSqlContainer } from '@testcontainers/postgresql';
import { serverMaxConnections } from '../../providers/server-defaults.js';
import {
  applyContainerPlan,
  sharedPlanFields,
  type ContainerPlan,
} from '../../providers/testcontainers/container-plan.js';

import type { StartServerOptions } from '../../types.js';
import type { EngineContainer } from '../engine.js';

/** The image DESIGN.md promises for PostgreSQL. */
export const POSTGRES_IMAGE = 'postgres:16-alpine';

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

/** Applies a {@link ContainerPlan} to the PostgreSQL module's container (nothing runs yet). */
export async function buildPostgresContainer(plan: ContainerPlan): Promise<PostgreSqlContainer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = new PostgreSqlContainer(plan.image).withUsername(plan.user).withPassword(plan.password);
  return applyContainerPlan(container, plan);
}

/** PostgreSQL in a container. */
export const POSTGRES_CONTAINER: EngineContainer = {
  plan: postgresContainerPlan,
  build: buildPostgresContainer,
};
