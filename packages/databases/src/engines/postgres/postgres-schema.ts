import type { EngineSchema } from '../engine.js';

/**
 * PostgreSQL DDL: `timestamp` (without time zone, microseconds) and a `bigserial` primary key for
 * generated ids.
 */
export const POSTGRES_SCHEMA: EngineSchema = {
  timestampType: 'timestamp',
  identityType: 'bigserial',
  identity: (column) => column.primaryKey(),
};
