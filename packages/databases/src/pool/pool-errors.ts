import { UserFixableError } from '../errors.js';
import type { AcquireTimeoutErrorLike, ConnectionInfo } from '../types.js';
import { redactSecret } from './redact-secret.js';

/**
 * Thrown when an acquisition waited longer than {@link PoolOptions.acquireTimeoutMs}: the pool is
 * too small for the concurrency asked of it. Neither driver has a fail-fast wait of its own that
 * covers only the queue, so dbbench bounds the wait itself. It is a measured outcome, not a fault.
 *
 * @example
 * ```ts
 * try { await pool.withConnection(run) } catch (error) {
 *   if (error instanceof AcquireTimeoutError) console.log(`gave up after ${error.waitedMs} ms`)
 * }
 * ```
 */
export class AcquireTimeoutError extends Error implements AcquireTimeoutErrorLike {
  override readonly name = 'AcquireTimeoutError' as const;

  /**
   * @param waitedMs how long the caller waited before giving up
   * @param poolSize connections in the pool, named in the message so the fix is obvious
   */
  constructor(
    readonly waitedMs: number,
    poolSize: number,
  ) {
    super(
      `No connection became free within ${waitedMs.toFixed(1)} ms (pool of ${poolSize}): ` +
        'raise poolSize, lower the concurrency, or raise the acquire timeout.',
    );
  }
}

/**
 * The pool could not open and validate its connections. The message names the server (never the
 * password) and what to check.
 */
export class PoolConnectError extends UserFixableError {
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
