/**
 * The bare PostgreSQL pool: pg.Pool as its users call it — `pool.query(text, values)`, which checks a
 * client out, runs the statement and releases it — configured and pre-warmed like the metered pool,
 * with nothing of dbbench's in between.
 */
import { preparedStatementName } from '../../pool/prepared-name.js';
import type { BarePool } from '../../pool/pool-types.js';
import type { ConnectionInfo } from '../engine.js';
import { loadPostgresDriver } from './postgres-driver.js';
import { pgFacts, postgresPoolConfig, prewarmPostgresPool } from './postgres-pool-config.js';

/** Opens a bare pg.Pool of `size` connections, every one opened before it resolves. */
export async function createPostgresBarePool(connection: ConnectionInfo, size: number): Promise<BarePool> {
  const { pg: pgModule } = await loadPostgresDriver();
  const driver = new pgModule.Pool(postgresPoolConfig(pgModule, connection, size));
  // An idle client whose server connection drops is removed by pg; without a listener the error would crash the fork.
  driver.on('error', () => undefined);
  await prewarmPostgresPool(driver, size, connection, () => driver.end());
  return {
    driver: pgFacts(),
    async execute(sqlText, parameters, options = {}) {
      const result =
        options.prepared === true
          ? await driver.query<Record<string, unknown>>({
              name: preparedStatementName(sqlText),
              text: sqlText,
              values: [...parameters],
            })
          : await driver.query<Record<string, unknown>>(sqlText, [...parameters]);
      return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
    },
    close: () => driver.end(),
  };
}
