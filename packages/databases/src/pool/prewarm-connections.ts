import type { ConnectionInfo } from '../types.js';
import { PoolConnectError } from './pool-errors.js';
import { redactSecret } from './redact-secret.js';

/** A new pool to pre-warm: where it connects, how many connections, and how to end it if that fails. */
export interface PoolToPrewarm {
  readonly connection: ConnectionInfo;
  readonly size: number;
  end(): Promise<void>;
}

/** How to take, validate and give back one connection of a driver's pool. */
export interface PrewarmSteps<C> {
  take(): Promise<C>;
  validate(connection: C): Promise<void>;
  giveBack(connection: C): void;
}

/**
 * Opens `size` connections at once, validates each with a query, and gives all of them back, so a
 * benchmark never pays for a connect inside its timed region (pg does not pre-fill even with `min`).
 * All are taken before any is returned: taking them one by one would reuse the first connection.
 * If any step fails, the pool is ended and a {@link PoolConnectError} (without the password) thrown.
 */
export async function prewarmConnections<C>(pool: PoolToPrewarm, steps: PrewarmSteps<C>): Promise<void> {
  const taken = await Promise.allSettled(Array.from({ length: pool.size }, () => steps.take()));
  const opened = taken.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failure = taken.find((result) => result.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    await Promise.all(opened.map((connection) => steps.validate(connection)));
  } catch (error) {
    for (const connection of opened) steps.giveBack(connection);
    await pool.end().catch(() => undefined);
    throw new PoolConnectError(pool.connection, pool.size, redactSecret(error, pool.connection.password));
  }
  for (const connection of opened) steps.giveBack(connection);
}
