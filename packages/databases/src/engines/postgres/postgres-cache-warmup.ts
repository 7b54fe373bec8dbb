import { sql } from 'kysely';
import type { EngineCacheWarmup } from '../engine.js';

/**
 * PostgreSQL: pg_prewarm loads `source` and its primary-key index into shared buffers when the
 * extension can be created; without it (not installed, no right to create extensions) the generic
 * full scan is the warm-up.
 */
export const POSTGRES_CACHE_WARMUP: EngineCacheWarmup = {
  async prewarm(pool) {
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_prewarm`.execute(pool.db);
      await sql`SELECT pg_prewarm('source'), pg_prewarm('source_pkey')`.execute(pool.db);
      return true;
    } catch {
      return false;
    }
  },
};
