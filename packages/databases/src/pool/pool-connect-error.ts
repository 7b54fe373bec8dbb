import type { ConnectionInfo } from '../types.js';
import { redactSecret } from './redact-secret.js';

/**
 * The pool could not open and validate its connections. The message names the server (never the
 * password) and what to check, so the CLI can print it without a stack.
 */
export class PoolConnectError extends Error {
  override readonly name = 'PoolConnectError';
  /** The user can fix this (server, credentials, max_connections): the CLI prints the message alone. */
  readonly dbbenchUserError = true;

  /**
   * @param connection where the pool tried to connect (the password is not used)
   * @param size connections the pool needed
   * @param cause the driver's error (redacted here, with everything it wraps)
   */
  constructor(connection: ConnectionInfo, size: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    const code = (cause as { code?: unknown } | undefined)?.code;
    super(
      `Could not open ${size} ${connection.engine} connection(s) to ` +
        `${connection.host}:${connection.port}/${connection.database} as ${connection.user}: ` +
        `${reason}${typeof code === 'string' ? ` (${code})` : ''}. ` +
        'Check that the server is running, the credentials are right, and max_connections leaves room for the pool.',
      { cause },
    );
    // A password may equal (or hide inside) the user or database name printed above.
    redactSecret(this, connection.password);
  }
}
