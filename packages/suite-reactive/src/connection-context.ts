import type { JsonConnectionInfo } from '@dbbench/databases';
import type { BenchmarkContext } from '@dbbench/harness';

/**
 * The connection details the parent hands to every fork: the JSON-safe copy of a server's
 * `ConnectionInfo` that @dbbench/databases makes. Holds the password: never log it.
 */
export type ConnectionContext = JsonConnectionInfo;

/** Shorthand for a benchmark context of this suite. */
export type SuiteContext = BenchmarkContext<ConnectionContext>;
