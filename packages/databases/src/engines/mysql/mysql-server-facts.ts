import type mysql from 'mysql2/promise';
import type { ServerFacts } from '../../providers/server-facts.js';
import { SETTLE_SETTING, type EngineFacts } from '../engine.js';

/** The MySQL/MariaDB variables that shape benchmark results, recorded in every report. */
export const MYSQL_RECORDED_SETTINGS = [
  'innodb_buffer_pool_size',
  'innodb_flush_log_at_trx_commit',
  'max_connections',
  'max_allowed_packet',
] as const;

/** Reads `SELECT version()` and the global values of {@link MYSQL_RECORDED_SETTINGS}. */
export async function readMysqlServerFacts(client: mysql.Connection): Promise<ServerFacts> {
  const [versionRows] = await client.query<mysql.RowDataPacket[]>('SELECT version() AS version');
  const [variableRows] = await client.query<mysql.RowDataPacket[]>(
    'SHOW GLOBAL VARIABLES WHERE Variable_name IN (?)',
    [MYSQL_RECORDED_SETTINGS],
  );
  const settings = Object.fromEntries(
    variableRows.map((row) => [String(row['Variable_name']), String(row['Value'])]),
  );
  return {
    version: String(versionRows[0]?.['version'] ?? ''),
    settings: { ...settings, [SETTLE_SETTING]: 'none (InnoDB has no CHECKPOINT statement)' },
  };
}

/**
 * The product a MySQL-protocol server's version names: `10.11.19-MariaDB-0+deb12u1` → `MariaDB
 * 10.11.19`, `8.4.3` → `MySQL 8.4.3` (Oracle's server does not name itself in the string).
 */
function mysqlProductName(version: string): string {
  const number = /^(\d+(?:\.\d+)*)/.exec(version)?.[1] ?? '';
  const product = /mariadb/i.test(version) ? 'MariaDB' : 'MySQL';
  return number === '' ? product : `${product} ${number}`;
}

/** What a report records about a MySQL or MariaDB server. */
export const MYSQL_FACTS: EngineFacts = {
  recordedSettings: MYSQL_RECORDED_SETTINGS,
  productName: mysqlProductName,
};
