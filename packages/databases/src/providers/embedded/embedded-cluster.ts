/** What the embedded provider asks an engine's embedded server for. */
export interface EmbeddedClusterOptions {
  /** The fresh temp directory the server lives in (owned by its account); data goes below it. */
  readonly directory: string;
  readonly port: number;
  /** A random password for the superuser (the server listens on loopback only, with password auth). */
  readonly password: string;
  readonly maxConnections: number;
  /** Every log line the package's server writes; kept (redacted) for error messages. */
  onLog(message: unknown): void;
}

/** One embedded server, described but not yet started. */
export interface EmbeddedCluster {
  /** Creates the data directory. */
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** PID of the running server process itself (what the watchdog stops). */
  serverPid(): Promise<number>;
}
