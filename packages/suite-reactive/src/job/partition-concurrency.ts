import { DbbenchError } from '@dbbench/harness';

/**
 * The smallest pool the streaming job can run on: one connection for a reader and one for its
 * flushes (see {@link partitionConcurrency}). The suite's `poolSize` axis takes its lower bound from
 * here, so `-p poolSize=1` is refused before a server starts rather than failing inside a timed run.
 */
export const MIN_STREAMING_POOL_SIZE = 2;

/**
 * How many partitions may stream at once without a possible deadlock.
 *
 * A running partition holds one connection for its reader for the whole partition and, while it
 * flushes a chunk, borrows one more for the chunk's transaction (write + checkpoint). With `c`
 * partitions running, at most `c` connections are held by readers; if
 * `c ≤ poolSize − 1`, at least one connection is always left for a flush, and a flush never waits for
 * anything but the server, so every partition keeps making progress. Partitions beyond that wait in
 * the job's own queue (not the pool's), so their wait is not an acquire wait.
 */
export function partitionConcurrency(poolSize: number, partitions: number): number {
  if (poolSize < MIN_STREAMING_POOL_SIZE) {
    throw new DbbenchError(
      `The streaming job needs poolSize ≥ ${MIN_STREAMING_POOL_SIZE} (one connection per reader plus one for flushes); got ${poolSize}. Use -p poolSize=${MIN_STREAMING_POOL_SIZE} or more.`,
    );
  }
  return Math.max(1, Math.min(partitions, poolSize - 1));
}

/**
 * Runs tasks with at most `limit` in flight, in order. A task that fails aborts `controller`, so
 * queued tasks are not started and running ones can stop; every task has settled when this resolves.
 */
export async function runLimited<T>(
  limit: number,
  tasks: readonly ((signal: AbortSignal) => Promise<T>)[],
  controller: AbortController,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array<PromiseSettledResult<T>>(tasks.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const task = tasks[index];
      if (task === undefined) continue;
      if (controller.signal.aborted) {
        results[index] = { status: 'rejected', reason: new Error('not started: another partition failed') };
        continue;
      }
      try {
        results[index] = { status: 'fulfilled', value: await task(controller.signal) };
      } catch (error) {
        results[index] = { status: 'rejected', reason: error };
        controller.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
