/**
 * The types and ranges of the axes every database suite shares, so `-p dataSize=-5` or
 * `-p poolSize=0` is refused in the parent, before a server starts, with the range in the message.
 */
import { integerAxis, type AxisType } from '@dbbench/harness';

/**
 * The largest dataSize accepted: the seeded rows are generated in the benchmark process, about
 * 200 bytes each, so ten million stays within a default Node heap's reach of this machine's memory.
 */
export const MAX_DATA_SIZE = 10_000_000;

/**
 * The largest pool accepted. The local and embedded servers are started with room for the planned
 * pools; a server given by URL is checked for enough connections before anything runs.
 */
export const MAX_POOL_SIZE = 1000;

/** Types of the shared workload axes; a suite's own `axisTypes` come on top. */
export const WORKLOAD_AXIS_TYPES: Readonly<Record<string, AxisType>> = {
  dataSize: integerAxis({ min: 1, max: MAX_DATA_SIZE }),
  poolSize: integerAxis({ min: 1, max: MAX_POOL_SIZE }),
  // A partition per key range: more partitions than rows would only plan empty ranges.
  partitions: integerAxis({ min: 1, max: MAX_POOL_SIZE }),
  chunkSize: integerAxis({ min: 1, max: 100_000 }),
};
