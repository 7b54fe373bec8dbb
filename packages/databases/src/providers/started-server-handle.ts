import { inspect } from 'node:util';
import type { ConnectionInfo, DatabaseInfo, StartedServer } from '../types.js';
import type { ServerCpuLimitState } from './cpu-limit.js';
import { REDACTED } from './redact.js';

/** Where a local or embedded server lives, for diagnostics and for tests that check clean-up. */
export interface ServerProcessDetails {
  /** PID of the server process itself (postmaster / mysqld), not of a wrapper. */
  readonly serverPid: number;
  /** The temp directory holding data, socket and log; removed on stop. */
  readonly directory: string;
  /** PID of the watchdog that cleans up if this process dies first. */
  readonly watchdogPid: number;
}

/** The container a testcontainers server runs in, for diagnostics and for tests that check clean-up. */
export interface ServerContainerDetails {
  readonly containerId: string;
  readonly image: string;
  /** The run label it carries; undefined for a reused container, which is kept on purpose. */
  readonly runId: string | undefined;
  /** PID of dbbench's watchdog that removes the run's containers if this process dies (none with Ryuk or reuse). */
  readonly watchdogPid: number | undefined;
}

/**
 * The one {@link StartedServer} implementation every provider returns. `stop()` runs the provider's
 * clean-up once (later calls await the same promise). Serialising or inspecting the handle shows the
 * password as `***`; serialise {@link StartedServer.connection} itself to hand it to a fork.
 */
export class StartedServerHandle implements StartedServer {
  readonly connection: ConnectionInfo;
  readonly info: DatabaseInfo;
  /** Set by the local and embedded providers only. */
  readonly process: ServerProcessDetails | undefined;
  /** Set by the testcontainers provider only. */
  readonly container: ServerContainerDetails | undefined;
  /**
   * Sets and reads back the server's CPU quota, or says why it cannot (`unavailable`); set by the
   * local and testcontainers providers when the server was started with `limitCpus`.
   */
  readonly cpuLimit: ServerCpuLimitState | undefined;
  readonly #cleanUp: () => Promise<void>;
  #stopping: Promise<void> | undefined;

  constructor(
    connection: ConnectionInfo,
    info: DatabaseInfo,
    cleanUp: () => Promise<void>,
    process?: ServerProcessDetails,
    container?: ServerContainerDetails,
    cpuLimit?: ServerCpuLimitState,
  ) {
    this.connection = Object.freeze({ ...connection });
    this.info = Object.freeze({ ...info, settings: Object.freeze({ ...info.settings }) });
    this.process = process === undefined ? undefined : Object.freeze({ ...process });
    this.container = container === undefined ? undefined : Object.freeze({ ...container });
    this.cpuLimit = cpuLimit;
    this.#cleanUp = cleanUp;
  }

  /** Stops or drops what the provider created; safe to call more than once. */
  stop(): Promise<void> {
    this.#stopping ??= this.#cleanUp();
    return this.#stopping;
  }

  /** Same as {@link stop}, for `await using server = await startServer(…)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.stop();
  }

  /** The handle as JSON, password hidden. */
  toJSON(): {
    connection: ConnectionInfo;
    info: DatabaseInfo;
    process?: ServerProcessDetails;
    container?: ServerContainerDetails;
  } {
    const connection = {
      ...this.connection,
      password: this.connection.password === '' ? '' : REDACTED,
    };
    return {
      connection,
      info: this.info,
      ...(this.process === undefined ? {} : { process: this.process }),
      ...(this.container === undefined ? {} : { container: this.container }),
    };
  }

  /** `console.log(server)` shows the same redacted view as JSON. */
  [inspect.custom](): unknown {
    return this.toJSON();
  }
}
