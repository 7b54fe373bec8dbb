import type { MeteredPool } from '../types.js';
import { InvalidValueError } from '../errors.js';

/** An inclusive range of source ids that one partition of a job processes. */
export interface KeyRange {
  /** 0-based, in key order. */
  readonly partitionNo: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Splits `min..max` (inclusive) into at most `partitions` contiguous ranges of near-equal width (the
 * first ones one key wider when it does not divide), as Spring Batch's column-range partitioner
 * does. A span narrower than `partitions` gives one range per key, never an empty range.
 *
 * @example
 * ```ts
 * splitKeyRange(1, 10, 3) // [{partitionNo: 0, start: 1, end: 4}, {1, 5, 7}, {2, 8, 10}]
 * ```
 */
export function splitKeyRange(min: number, max: number, partitions: number): KeyRange[] {
  if (!Number.isInteger(partitions) || partitions < 1) {
    throw new InvalidValueError(`partitions must be a positive integer, got ${partitions}.`);
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new InvalidValueError(`Key range ${min}..${max} is not a non-empty range of safe integers.`);
  }
  const span = max - min + 1;
  const count = Math.min(partitions, span);
  const width = Math.floor(span / count);
  const wider = span % count;
  const ranges: KeyRange[] = [];
  let start = min;
  for (let partitionNo = 0; partitionNo < count; partitionNo++) {
    const end = start + width + (partitionNo < wider ? 1 : 0) - 1;
    ranges.push({ partitionNo, start, end });
    start = end + 1;
  }
  return ranges;
}

/**
 * Plans a partitioned job over `source`: ranges covering MIN(id)..MAX(id). An empty source gives no
 * ranges; a source with fewer keys than partitions gives fewer ranges.
 */
export async function planPartitions(pool: MeteredPool, partitions: number): Promise<KeyRange[]> {
  const bounds = await pool.db
    .selectFrom('source')
    .select((eb) => [eb.fn.min('id').as('min_id'), eb.fn.max('id').as('max_id')])
    .executeTakeFirstOrThrow();
  if (bounds.min_id === null || bounds.max_id === null) return [];
  return splitKeyRange(Number(bounds.min_id), Number(bounds.max_id), partitions);
}

/**
 * Refuses keyset page bounds that are not safe integers: the bulk readers inline them into SQL text
 * (COPY takes no bind parameters), so anything else must never reach the server.
 */
export function assertPageBounds(afterId: number, endId: number, limit: number): void {
  for (const value of [afterId, endId, limit]) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`page bounds must be integers, got ${value}`);
  }
}
