import type { Engine } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import type { StartServerOptions } from '../../types.js';
import { startDatabaseWatchdog, type Watchdog } from '../local/watchdog-launcher.js';
import { databaseInfo } from '../database-info.js';
import { StartedServerHandle } from '../started-server-handle.js';
import { createWorkDatabase, type WorkDatabase } from '../work-database.js';
import { parseServerUrl, redactedConnectionUrl } from './server-url.js';

/**
 * url provider, any engine: on the server the user names (`options.url` or the engine's URL
 * variable), creates a fresh `dbbench_<suite>_<random>` database and points the handle at it.
 * Stopping ends the sessions still using it and drops it; a watchdog drops it if this process is
 * killed first. Nothing else on the server is touched.
 */
export async function startUrlServer(
  engine: Engine,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  const { variable, example, createPrivilege } = engine.url;
  const url = options.url ?? process.env[variable];
  if (url === undefined || url === '') {
    throw new DatabaseSetupError(`No ${engine.label} URL given. Set ${variable}=${example} or pass --url.`);
  }
  const admin = engine.url.adminConnection(parseServerUrl(engine, url));
  const where = `the ${engine.label} server at ${redactedConnectionUrl(engine, admin)}`;
  // The watchdog is set before the database exists, so a runner killed outright (SIGKILL, OOM) at any
  // moment after this, even mid-CREATE, leaves nothing: it drops the database once the runner is gone.
  let watchdog: Watchdog | undefined;
  let work: WorkDatabase;
  try {
    work = await createWorkDatabase(
      engine,
      admin,
      options,
      where,
      `Check that the server runs, that ${variable} (or --url) is right, and that the user may ${createPrivilege}.`,
      (database) => {
        watchdog = startDatabaseWatchdog(admin, database);
      },
    );
  } catch (error) {
    // createWorkDatabase dropped what it made: nothing is left for the watchdog to do.
    watchdog?.dismiss();
    throw error;
  }
  if (watchdog === undefined) throw new Error('the work database was created without a watchdog');
  const guard = watchdog;
  options.log?.(`url: created database ${work.connection.database} on ${where} (watchdog ${guard.pid})`);
  return new StartedServerHandle(
    work.connection,
    databaseInfo(engine, 'url', work.connection, work.facts),
    async () => {
      await work.drop();
      guard.dismiss();
      options.log?.(`url: dropped database ${work.connection.database}`);
    },
  );
}
