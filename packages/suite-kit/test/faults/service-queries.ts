/** The two database services the fault tests use, reached through @dbbench/databases's own engine code. */
import { ENGINES, listWorkDatabases, parseServerUrl, type ConnectionInfo } from '@dbbench/databases';

/** The engines of the machine's database services. */
export type ServiceEngine = 'postgres' | 'mysql';

/** The running services (trust / empty password). */
export const SERVICE_URLS: Readonly<Record<ServiceEngine, string>> = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
};

function admin(engine: ServiceEngine): ConnectionInfo {
  return ENGINES[engine].url.adminConnection(parseServerUrl(ENGINES[engine], SERVICE_URLS[engine]));
}

/** Whether the work database `name` exists on the service. */
export async function workDatabaseExists(engine: ServiceEngine, name: string): Promise<boolean> {
  const { databases } = await listWorkDatabases(SERVICE_URLS[engine]);
  return databases.some((database) => database.name === name);
}

/** Creates database `name` on the service, as the url provider would. */
export function createDatabase(engine: ServiceEngine, name: string): Promise<void> {
  return ENGINES[engine].workDatabase.createDatabase(admin(engine), name);
}

/** Every database on the service whose name starts with `dbbench_` (work databases or not). */
export function dbbenchDatabases(engine: ServiceEngine): Promise<string[]> {
  return ENGINES[engine].workDatabase.listDbbenchDatabases(admin(engine));
}

/** Drops database `name` from the service if it exists (test clean-up). */
export function dropDatabase(engine: ServiceEngine, name: string): Promise<void> {
  return ENGINES[engine].workDatabase.endSessionsAndDrop(admin(engine), name);
}
