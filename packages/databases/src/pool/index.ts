export { AcquireTimeoutError, PoolConnectError } from './pool-errors.js';
export { createBarePool, createPool, driverNames } from './create-pool.js';
