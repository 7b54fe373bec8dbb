import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UserFixableError } from '../../src/errors.js';
import { createPool, PoolConnectError } from '../../src/pool/index.js';
import type { ConnectionInfo } from '../../src/types.js';
import { ENGINES } from './scratch-database.js';

const SENTINEL = 'dbbench-sentinel-7f3a9c';

/** Everything a user could ever see of an error: message, stack, causes, util.inspect and JSON. */
function everythingPrinted(error: unknown): string {
  return [
    String(error),
    (error as Error).stack ?? '',
    inspect(error, { depth: 10 }),
    JSON.stringify(error),
  ].join('\n');
}

async function connectError(connection: ConnectionInfo): Promise<unknown> {
  try {
    const pool = await createPool(connection, { size: 2 });
    await pool.close();
  } catch (error) {
    return error;
  }
  throw new Error(
    `connecting to ${connection.host}:${connection.port}/${connection.database} unexpectedly worked`,
  );
}

for (const engine of ENGINES) {
  describe(`connection errors on ${engine}`, () => {
    const base: ConnectionInfo =
      engine === 'postgres'
        ? { engine, host: '127.0.0.1', port: 5432, user: 'postgres', password: SENTINEL, database: 'test' }
        : { engine, host: '127.0.0.1', port: 3306, user: 'root', password: SENTINEL, database: 'test' };

    // PostgreSQL trusts local users whatever the password, so its failures come from elsewhere.
    const failures: Record<string, ConnectionInfo> = {
      'a closed port': { ...base, port: 1 },
      'a missing database': { ...base, database: 'dbbench_no_such_database' },
      ...(engine === 'mysql' ? { 'a wrong password': base } : {}),
      'a user named like the password': { ...base, user: SENTINEL, database: SENTINEL },
    };

    for (const [what, connection] of Object.entries(failures)) {
      it(`never shows the password when the pool meets ${what}`, async () => {
        const error = await connectError(connection);
        expect(error).toBeInstanceOf(PoolConnectError);
        // A user-fixable error: the suites' kit prints the message alone.
        expect(error).toBeInstanceOf(UserFixableError);
        expect((error as Error).message).toContain(`${connection.host}:${connection.port}`);
        expect(everythingPrinted(error)).not.toContain(SENTINEL);
      });
    }
  });
}
