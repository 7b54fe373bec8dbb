import type { PostgreSqlContainer } from '@testcontainers/postgresql';
import { serverMaxConnections } from '../../providers/server-defaults.js';
import {
  applyContainerPlan,
  sharedPlanFields,
  type ContainerPlan,
  type ContainerPlanOptions,
} from '../../providers/testcontainers/container-plan.js';

import type { EngineContainer } from '../engine.js';

/**
 * The image the READMEs promise for PostgreSQL: the root README under Databases and this package's
 * README under testcontainers.
 */
export const POSTGRES_IMAGE = 'postgres:16-alpine';

/** The environment variable that names another PostgreSQL image. */
export const POSTGRES_IMAGE_VARIABLE = 'DBBENCH_POSTGRES_IMAGE';

/**
 * The PostgreSQL container dbbench starts: `options.image` (postgres:16-alpine unless another is
 * named), max_connections from `minConnections`.
 */
export function postgresContainerPlan(options: ContainerPlanOptions): ContainerPlan {
  const shared = sharedPlanFields(options);
  return {
    ...shared,
    containerPort: 5432,
    user: 'dbbench',
    environment: {
      POSTGRES_USER: 'dbbench',
      POSTGRES_PASSWORD: shared.password,
      POSTGRES_DB: shared.database,
    },
    command: ['postgres', '-c', `max_connections=${serverMaxConnections(options.minConnections)}`],
    // The official image's first-start set-up runs a socket-only server that prints the same line.
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
  defaultImage: POSTGRES_IMAGE,
  imageVariable: POSTGRES_IMAGE_VARIABLE,
  plan: postgresContainerPlan,
  build: buildPostgresContainer,
};
