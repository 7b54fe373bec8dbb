/**
 * The bare MySQL pool: mysql2's pool as its users call it — `pool.query(sql, values, callback)`,
 * which checks a connection out, runs the statement and releases it — configured and pre-warmed like
 * the metered pool, with nothing of dbbench's in between.
 */
import type mysql from 'mysql2';
import { PoolConnectError } from '../../pool/pool-errors.js';
import type { BarePool } from '../../pool/pool-types.js';
import { prewarmConnections } from '../../pool/prewarm-connections.js';
import { redactSecret } from '../../pool/redact-secret.js';
import type { ConnectionInfo } from '../engine.js';
import { loadMysqlDriver } from './mysql-driver.js';
import { mysqlPoolOptions } from './mysql-pool-config.js';
import { mysqlStatementResult } from './mysql-session.js';

/** Opens a bare mysql2 pool of `size` connections, every one opened before it resolves. */
export async function createMysqlBarePool(connection: ConnectionInfo, size: number): Promise<BarePool> {
  const { mysql: mysqlModule } = await loadMysqlDriver();
  const driver = mysqlModule.createPool(mysqlPoolOptions(connection, size));
  const end = (): Promise<void> =>
    new Promise<void>((resolve, reject) => driver.end((error) => (error ? reject(error) : resolve())));
  try {
    await prewarmConnections(
      size,
      () =>
        new Promise<mysql.PoolConnection>((resolve, reject) =>
          driver.getConnection((error, pooled) => (error ? reject(error) : resolve(pooled))),
        ),
      (pooled) =>
        new Promise<void>((resolve, reject) =>
          pooled.query('SELECT 1', (error) => (error ? reject(error) : resolve())),
        ),
      (pooled) => pooled.release(),
    );
  } catch (error) {
    await end().catch(() => undefined);
    throw new PoolConnectError(connection, size, redactSecret(error, connection.password));
  }
  return {
    execute(sqlText, parameters) {
      return new Promise((resolve, reject) => {
        driver.query(sqlText, parameters, (error, result) =>
          error ? reject(error) : resolve(mysqlStatementResult(result)),
        );
      });
    },
    close: end,
  };
}
