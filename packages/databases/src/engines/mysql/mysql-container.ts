import type { MySqlContainer } from '@testcontainers/mysql';
import { serverMaxConnections } from '../../providers/server-defaults.js';
import {
  applyContainerPlan,
  sharedPlanFields,
  type ContainerPlan,
} from '../../providers/testcontainers/container-plan.js';

import type { StartServerOptions } from '../../types.js';
import type { EngineContainer } from '../engine.js';

/** The image DESIGN.md promises for MySQL. */
export const MYSQL_IMAGE = 'mysql:8.4';

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

/** Applies a {@link ContainerPlan} to the MySQL module's container (nothing runs yet). */
export async function buildMysqlContainer(plan: ContainerPlan): Promise<MySqlContainer> {
  const { MySqlContainer } = await import('@testcontainers/mysql');
  const container = new MySqlContainer(plan.image)
    // dbbench logs in as root (plan.user) to create and drop its work databases; the image also
    // wants an ordinary user, given the same password.
    .withRootPassword(plan.password)
    .withUsername('dbbench')
    .withUserPassword(plan.password);
  return applyContainerPlan(container, plan);
}

/** MySQL in a container. */
export const MYSQL_CONTAINER: EngineContainer = {
  plan: mysqlContainerPlan,
  build: buildMysqlContainer,
};
