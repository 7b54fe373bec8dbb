export { AcquireTimeoutError } from './acquire-timeout-error.js';
export { createPool } from './create-pool.js';
export { PoolConnectError } from './pool-connect-error.js';
