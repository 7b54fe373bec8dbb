import type { ConnectionInfo, Engine, StartServerOptions } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { databaseInfo } from './server-facts.js';
import { EXAMPLE_URL, URL_VARIABLE, parseServerUrl, redactedConnectionUrl } from './server-url.js';
import { StartedServerHandle } from './started-server-handle.js';
import { createWorkDatabase, type WorkDatabaseEngine } from './work-database.js';

/** What the url provider needs to know about one engine; the flow itself is {@link startUrlServer}. */
export interface UrlServerEngine {
  readonly engine: Engine;
  /** `PostgreSQL`, `MySQL`: for messages. */
  readonly label: string;
  /** The privilege the URL's user needs, as the fix in a failure message names it. */
  readonly createPrivilege: string;
  /** The connection CREATE/DROP DATABASE run through, from the parsed URL. */
  adminConnection(parsed: ConnectionInfo): ConnectionInfo;
  readonly workDatabase: WorkDatabaseEngine;
}

/**
 * url provider, any engine: on the server the user names (`options.url` or the engine's URL
 * variable), creates a fresh `dbbench_<suite>_<random>` database and points the handle at it.
 * Stopping ends the sessions still using it and drops it. Nothing else on the server is touched.
 */
export async function startUrlServer(
  spec: UrlServerEngine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  const variable = URL_VARIABLE[spec.engine];
  const url = options.url ?? process.env[variable];
  if (url === undefined || url === '') {
    throw new DatabaseSetupError(
      `No ${spec.label} URL given. Set ${variable}=${EXAMPLE_URL[spec.engine]} or pass --url.`,
    );
  }
  const admin = spec.adminConnection(parseServerUrl(spec.engine, url));
  const where = `the ${spec.label} server at ${redactedConnectionUrl(admin)}`;
  const work = await createWorkDatabase(
    spec.workDatabase,
    admin,
    options,
    where,
    `Check that the server runs, that ${variable} (or --url) is right, and that the user may ${spec.createPrivilege}.`,
  );
  options.log?.(`url: created database ${work.connection.database} on ${where}`);
  return new StartedServerHandle(
    work.connection,
    databaseInfo('url', work.connection, work.facts),
    async () => {
      await work.drop();
      options.log?.(`url: dropped database ${work.connection.database}`);
    },
  );
}
