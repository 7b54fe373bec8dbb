export { AcquireTimeoutError, PoolConnectError } from './pool-errors.js';
export { createPool } from './create-pool.js';
