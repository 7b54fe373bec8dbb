export { AcquireTimeoutError, PoolConnectError } from './pool-errors.js';
export { createBarePool, createPool } from './create-pool.js';
