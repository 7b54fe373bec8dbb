import type { EngineSchema } from '../engine.js';

/**
 * MySQL DDL: `datetime` (MySQL's `timestamp` converts zones and ends in 2038) and an
 * `AUTO_INCREMENT` bigint primary key for generated ids.
 */
export const MYSQL_SCHEMA: EngineSchema = {
  timestampType: 'datetime',
  identityType: 'bigint',
  identity: (column) => column.autoIncrement().primaryKey(),
};
