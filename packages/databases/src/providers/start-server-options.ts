/**
 * How a run asks for a server. A leaf of the import graph: the engine contract names these options
 * (an engine's local server and container read them), so this file imports nothing that imports it back.
 */
import type { ProviderName } from './provider-names.js';

/** How to obtain a server. */
export interface StartServerOptions {
  /** A named provider, or `auto` (url if given, else testcontainers, else local, else embedded). */
  readonly provider?: ProviderName | 'auto';
  /** Server URL for the url provider (otherwise DBBENCH_POSTGRES_URL / DBBENCH_MYSQL_URL). */
  readonly url?: string;
  /** Suite name, used in the `dbbench_<suite>_<random>` database name. */
  readonly suite: string;
  /** Keep a testcontainers container for the next run (testcontainers reuse). */
  readonly reuse?: boolean;
  /**
   * The container image for the testcontainers provider; otherwise the engine's image variable
   * (DBBENCH_POSTGRES_IMAGE / DBBENCH_MYSQL_IMAGE), else its official image.
   */
  readonly image?: string;
  /** The server must accept at least this many connections (largest poolSize plus headroom). */
  readonly minConnections?: number;
  /**
   * The run sets the server's CPU quota (a `cpus` axis): start the server so that it can be limited
   * (the local provider puts it in a cgroup of its own; testcontainers changes the container's
   * quota). The handle's `cpuLimit` then sets it, or says why it cannot; url and embedded servers
   * cannot be limited (see `cpuLimitRefusal`).
   */
  readonly limitCpus?: boolean;
  /** Progress lines (never containing secrets). */
  readonly log?: (message: string) => void;
}
