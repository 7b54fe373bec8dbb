import type { AcquireTimeoutErrorLike } from '../types.js';

/**
 * Thrown when an acquisition waited longer than {@link PoolOptions.acquireTimeoutMs}: the pool is
 * too small for the concurrency asked of it. Neither driver has a fail-fast wait of its own that
 * covers only the queue, so dbbench bounds the wait itself.
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
