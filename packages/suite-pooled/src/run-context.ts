/**
 * What the suite's parent process hands to every fork: the connection details of the server it
 * obtained, as the JSON-safe copy @dbbench/databases makes of them.
 */
import type { JsonConnectionInfo } from '@dbbench/databases';

/** The run context of this suite's benchmarks. Holds the password: never log it or put it in a report. */
export type PooledRunContext = JsonConnectionInfo;
