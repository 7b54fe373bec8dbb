import type { MySqlContainer } from '@testcontainers/mysql';
import { serverMaxConnections } from '../../providers/server-defaults.js';
import {
  applyContainerPlan,
  sharedPlanFields,
  type ContainerPlan,
  type ContainerPlanOptions,
} from '../../providers/testcontainers/container-plan.js';

import type { EngineContainer } from '../engine.js';

/**
 * The image the READMEs promise for MySQL: the root README under Databases and this package's
 * README under testcontainers.
 */
export const MYSQL_IMAGE = 'mysql:8.4';

/** The environment variable that names another MySQL-compatible image (e.g. a MariaDB one). */
export const MYSQL_IMAGE_VARIABLE = 'DBBENCH_MYSQL_IMAGE';

/**
 * The MySQL container dbbench starts: `options.image` (mysql:8.4 unless another is named), root
 * login, max_connections from `minConnections`.
 */
export function mysqlContainerPlan(options: ContainerPlanOptions): ContainerPlan {
  const shared = sharedPlanFields(options);
  return {
    ...shared,
    containerPort: 3306,
    // root, so dbbench can create and drop its work databases.
    user: 'root',
    environment: {
      MYSQL_ROOT_PASSWORD: shared.password,
      MYSQL_DATABASE: shared.database,
      MYSQL_USER: 'dbbench',
      MYSQL_PASSWORD: shared.password,
    },
    // No X plugin (MySQL only: `loose-` makes MariaDB, which has none, warn instead of refusing to start).
    command: [`--max-connections=${serverMaxConnections(options.minConnections)}`, '--loose-mysqlx=OFF'],
    // The server's version line names its TCP port: "port: 0" for the init-time server of the
    // official images (networking off), 3306 for the real one. MySQL prints it on the "ready for
    // connections" line, MariaDB on the line after; the X plugin's port 33060 must not match.
    readyLog: { pattern: /Version: '.*port: 3306(?!\d)/, times: 1 },
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
  defaultImage: MYSQL_IMAGE,
  imageVariable: MYSQL_IMAGE_VARIABLE,
  plan: mysqlContainerPlan,
  build: buildMysqlContainer,
};
