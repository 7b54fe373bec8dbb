import type { Engine } from '../../engines/engine.js';
import { ENGINES } from '../../engines/registry.js';
import { DatabaseSetupError, InvalidValueError } from '../../errors.js';
import type { ConnectionInfo } from '../../types.js';
import { isProcessAlive } from '../local/process-liveness.js';
import { redactedErrorMessage } from '../redact.js';
import {
  hostTag,
  isWorkDatabaseName,
  workDatabaseOwner,
  type WorkDatabaseOwner,
} from '../work-database-name.js';
import { parseServerUrl, redactedConnectionUrl } from './server-url.js';

/**
 * Whose a work database is: a run still running on this host, a run on this host that is gone
 * (dbbench clean drops these), a run on another host (its liveness cannot be seen from here), or
 * unknown (a name from before names recorded their run).
 */
export type WorkDatabaseState = 'in-use' | 'orphaned' | 'elsewhere' | 'unowned';

/** A `dbbench_*` work database found on a server. */
export interface FoundWorkDatabase {
  readonly name: string;
  readonly state: WorkDatabaseState;
  readonly owner: WorkDatabaseOwner | undefined;
}

/** The work databases on the server a URL names, and the server as messages show it (redacted). */
export interface WorkDatabaseListing {
  readonly where: string;
  readonly databases: readonly FoundWorkDatabase[];
}

/** The state of a work database seen from this host; `alive` is injectable for tests. */
export function workDatabaseState(
  name: string,
  thisHostTag: string = hostTag(),
  alive: (pid: number) => boolean = isProcessAlive,
): WorkDatabaseState {
  const owner = workDatabaseOwner(name);
  if (owner === undefined) return 'unowned';
  if (owner.hostTag !== thisHostTag) return 'elsewhere';
  // A PID reused by another process reads as alive: a database is kept rather than dropped in doubt.
  return alive(owner.pid) ? 'in-use' : 'orphaned';
}

/** The engine whose URL scheme `url` uses; a usage error listing the schemes when none does. */
function engineOfUrl(url: string): Engine {
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(url)?.[1]?.toLowerCase();
  const engine = Object.values(ENGINES).find(
    (candidate) => scheme !== undefined && candidate.url.schemes.includes(scheme),
  );
  if (engine === undefined) {
    const schemes = Object.values(ENGINES).flatMap((candidate) => candidate.url.schemes.map((s) => `${s}//`));
    throw new InvalidValueError(`The server URL must start with one of ${schemes.join(', ')}.`);
  }
  return engine;
}

/** Reads `url` and lists the `dbbench_*` work databases on its server with their state. */
export async function listWorkDatabases(url: string): Promise<WorkDatabaseListing> {
  const engine = engineOfUrl(url);
  const admin = engine.url.adminConnection(parseServerUrl(engine, url));
  const where = `the ${engine.label} server at ${redactedConnectionUrl(engine, admin)}`;
  const names = await engine.workDatabase.listDbbenchDatabases(admin).catch((error: unknown) => {
    throw new DatabaseSetupError(
      `Could not list the databases on ${where}: ${redactedErrorMessage(error, [admin.password])}.`,
    );
  });
  return {
    where,
    databases: names
      // `dbbench_` alone is not enough: only names dbbench generates are its own.
      .filter(isWorkDatabaseName)
      .map((name) => ({ name, state: workDatabaseState(name), owner: workDatabaseOwner(name) })),
  };
}

/**
 * Drops the orphaned work databases among `databases` on the server `url` names (ending the sessions
 * left in them), never one in any other state; resolves with the names dropped.
 */
export async function dropOrphanedWorkDatabases(
  url: string,
  databases: readonly FoundWorkDatabase[],
): Promise<string[]> {
  const engine = engineOfUrl(url);
  const admin: ConnectionInfo = engine.url.adminConnection(parseServerUrl(engine, url));
  const dropped: string[] = [];
  for (const database of databases) {
    // Checked again here, not trusted from the listing: the run may have been a live one all along.
    if (workDatabaseState(database.name) !== 'orphaned') continue;
    await engine.workDatabase.endSessionsAndDrop(admin, database.name).catch((error: unknown) => {
      throw new DatabaseSetupError(
        `Could not drop ${database.name}: ${redactedErrorMessage(error, [admin.password])}.`,
      );
    });
    dropped.push(database.name);
  }
  return dropped;
}
