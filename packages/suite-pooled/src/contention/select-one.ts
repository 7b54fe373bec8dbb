/**
 * The contention benchmark's request body: the shortest query there is, on the checked-out
 * connection itself, so what is measured is the pool and the round trip, not a query builder.
 */
import type { Session } from '@dbbench/databases';

/** Runs `SELECT 1` on a checked-out connection. */
export async function selectOne(session: Session): Promise<void> {
  await session.query('SELECT 1');
}
