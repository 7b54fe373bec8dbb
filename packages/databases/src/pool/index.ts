export { AcquireTimeoutError, PoolConnectError } from './pool-errors.js';
export { createBarePool, createPool, driverLabels, driverNames } from './create-pool.js';
