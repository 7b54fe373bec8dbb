import type { EngineUrl } from '../engine.js';

/** PostgreSQL server URLs: `postgres://user:password@host:5432/database`. */
export const POSTGRES_URL: EngineUrl = {
  schemes: ['postgres:', 'postgresql:'],
  canonicalScheme: 'postgres',
  defaultPort: 5432,
  defaultUser: 'postgres',
  variable: 'DBBENCH_POSTGRES_URL',
  // No password in the example: messages pass through redaction, which would turn it into ***.
  example: 'postgres://postgres@127.0.0.1:5432/postgres',
  createPrivilege: 'CREATE DATABASE',
  // CREATE DATABASE runs from the database the URL names, or from `postgres` when it names none.
  adminConnection: (parsed) => ({
    ...parsed,
    database: parsed.database === '' ? 'postgres' : parsed.database,
  }),
};
