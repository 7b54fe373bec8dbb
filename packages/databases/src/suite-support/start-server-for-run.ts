/**
 * A suite's parent-side run setup: obtain the server once from the suite's `--provider`, `--url`
 * and `--reuse` values, and hand back plain data for the forks and the report plus a way to stop it.
 * The result is shaped so a harness can take it as its run setup as it is.
 */
import { startServer } from '../providers/start-server.js';
import type { Engine } from '../types.js';
import {
  toJsonConnectionInfo,
  toJsonDatabaseInfo,
  type JsonConnectionInfo,
  type JsonDatabaseInfo,
} from './json-connection-info.js';
import { parseProviderOption, parseReuseOption } from './server-run-options.js';

/**
 * Connections the server must accept beyond the largest pool: a monitor pool or verification
 * connections, setup, and headroom.
 */
export const CONNECTION_HEADROOM = 20;

/** Which suite is starting the run and the pool sizes its matrix may open. */
export interface RunServerRequest {
  /** Suite name, used in the `dbbench_<suite>_<random>` database name. */
  readonly suite: string;
  /** Every poolSize the suite declares; the server must accept the largest plus {@link CONNECTION_HEADROOM}. */
  readonly poolSizes: readonly number[];
}

/** What a run gets: connection details for every fork, report facts, and the server's stop. */
export interface RunServer {
  /** Handed to every fork. Holds the password: never log it or put it in a report. */
  readonly context: JsonConnectionInfo;
  /** Attached to every result: provider, version, settings. No secrets. */
  readonly info: { readonly database: JsonDatabaseInfo };
  /** Stops or removes what the provider created (drops the work database on a named server). */
  dispose(): Promise<void>;
}

/**
 * Starts the run's server from the suite's option values (`provider`, `url`, `reuse`; absent ones
 * take their defaults). Bad values are usage errors; servers that cannot be obtained throw a
 * `DatabaseSetupError` saying what to fix.
 *
 * @example
 * ```ts
 * async setupRun(options, log) {
 *   return startServerForRun('postgres', { suite: 'pooled', poolSizes: [10, 30, 60] }, options, log);
 * }
 * ```
 */
export async function startServerForRun(
  engine: Engine,
  request: RunServerRequest,
  options: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void,
): Promise<RunServer> {
  const url = options['url'];
  const server = await startServer(engine, {
    suite: request.suite,
    provider: parseProviderOption(options['provider']),
    ...(url === undefined ? {} : { url }),
    reuse: parseReuseOption(options['reuse']),
    minConnections: Math.max(...request.poolSizes) + CONNECTION_HEADROOM,
    log,
  });
  return {
    context: toJsonConnectionInfo(server.connection),
    info: { database: toJsonDatabaseInfo(server.info) },
    dispose: () => server.stop(),
  };
}
