import type { SystemAccount } from '../local/system-user.js';

/** What the embedded provider asks an engine's embedded server for. */
export interface EmbeddedClusterOptions {
  /** The fresh temp directory the server lives in (owned by its account); data goes below it. */
  readonly directory: string;
  /** The cached copy of the package's binaries (see `binary-cache.ts`), which the account can read. */
  readonly binaries: string;
  /** The account the server runs as (this process's when undefined). */
  readonly account: SystemAccount | undefined;
  readonly port: number;
  /** A random password for the superuser (the server listens on loopback only, with password auth). */
  readonly password: string;
  readonly maxConnections: number;
}

/** One embedded server, described but not yet started. */
export interface EmbeddedCluster {
  /** Creates the data directory. */
  initialise(): Promise<void>;
  /** Starts the server and waits until it accepts connections; throws with the end of its log if it cannot. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** PID of the running server process itself (what the watchdog stops). */
  serverPid(): number;
}
