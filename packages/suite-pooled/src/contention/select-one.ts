/**
 * The contention benchmark's request body: the shortest query there is, on the raw driver
 * connection, so what is measured is the pool and the round trip, not a query builder.
 */
import type { RawConnection } from '@dbbench/databases';

/** Runs `SELECT 1` on a checked-out connection. */
export async function selectOne(connection: RawConnection): Promise<void> {
  if (connection.engine === 'postgres') {
    await connection.client.query('SELECT 1');
  } else {
    await connection.connection.query('SELECT 1');
  }
}
