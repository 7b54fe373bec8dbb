import type { EngineCacheWarmup } from '../engine.js';

/**
 * MySQL: nothing beyond the generic full scan, which reads InnoDB's clustered index — the table
 * itself — into the buffer pool.
 */
export const MYSQL_CACHE_WARMUP: EngineCacheWarmup = {
  prewarm: () => Promise.resolve(false),
};
