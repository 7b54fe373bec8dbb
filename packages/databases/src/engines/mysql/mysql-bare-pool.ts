/**
 * The bare MySQL pool: mysql2's pool as its users call it — `pool.query(sql, values, callback)`,
 * which checks a connection out, runs the statement and releases it — configured and pre-warmed like
 * the metered pool, with nothing of dbbench's in between.
 */
import type { BarePool } from '../../pool/pool-types.js';
import type { ConnectionInfo } from '../engine.js';
import { loadMysqlDriver } from './mysql-driver.js';
import { mysql2Facts, mysqlPoolOptions, prewarmMysqlPool } from './mysql-pool-config.js';
import { mysqlStatementResult } from './mysql-session.js';

/** Opens a bare mysql2 pool of `size` connections, every one opened before it resolves. */
export async function createMysqlBarePool(connection: ConnectionInfo, size: number): Promise<BarePool> {
  const { mysql: mysqlModule } = await loadMysqlDriver();
  const driver = mysqlModule.createPool(mysqlPoolOptions(connection, size));
  const end = (): Promise<void> =>
    new Promise<void>((resolve, reject) => driver.end((error) => (error ? reject(error) : resolve())));
  await prewarmMysqlPool(driver, size, connection, end);
  return {
    driver: mysql2Facts(),
    execute(sqlText, parameters, options = {}) {
      return new Promise((resolve, reject) => {
        const done = (error: Error | null, result: unknown): void =>
          error ? reject(error) : resolve(mysqlStatementResult(result));
        if (options.prepared === true) driver.execute(sqlText, parameters, done);
        else driver.query(sqlText, parameters, done);
      });
    },
    close: end,
  };
}
