import type { MySqlContainer } from '@testcontainers/mysql';
import type { StartServerOptions } from '../types.js';
import { mysqlContainerPlan, type ContainerPlan } from './container-plan.js';
import { MYSQL_WORK_DATABASE } from './mysql-work-database.js';
import type { StartedServerHandle } from './started-server-handle.js';
import {
  startTestcontainersServer,
  applyContainerPlan,
  type TestcontainersServerEngine,
} from './testcontainers-server.js';

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

const MYSQL_TESTCONTAINERS_SERVER: TestcontainersServerEngine = {
  engine: 'mysql',
  plan: mysqlContainerPlan,
  build: buildMysqlContainer,
  workDatabase: MYSQL_WORK_DATABASE,
};

/**
 * testcontainers provider, MySQL: starts mysql:8.4 in this (the parent) process on a random host
 * port and works in a fresh `dbbench_<suite>_<random>` database inside it, so a reused container
 * never carries one run's tables into the next. Stopping drops that database and, unless `reuse`,
 * stops the container (Ryuk removes it even if this process dies).
 */
export function startMysqlTestcontainersServer(options: StartServerOptions): Promise<StartedServerHandle> {
  return startTestcontainersServer(MYSQL_TESTCONTAINERS_SERVER, options);
}
