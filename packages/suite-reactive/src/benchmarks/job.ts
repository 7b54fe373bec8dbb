/**
 * job — the streaming batch job, end to end, on the same axes as the pooled suite's job.
 *
 * Hypothesis: a cursor stream per key-range partition, piped through a Transform into a chunk writer,
 * moves rows at close to the pooled job's speed while holding only a few chunks per partition in
 * memory; more partitions help until the server's cores or the pool become the bottleneck.
 * Pipeline per partition: reader connection held for the partition (PostgreSQL: pg-cursor batches of
 * chunkSize rows; MySQL: mysql2's row stream) → `transformRow` → a writer that flushes every chunk
 * in its own transaction on a borrowed connection (PostgreSQL: COPY; MySQL: multi-row INSERT) together
 * with the chunk's checkpoint in the job repository. Partitions that cannot run at once (more than poolSize − 1, see
 * `partitionConcurrency`) wait for a running one to finish. chunkSize is fixed at 500 here; the
 * `chunks` benchmark varies it.
 * Timed: planning partitions from MIN/MAX(id), the job repository rows, every partition's stream,
 * writes and checkpoints, and finishing the job.
 * Not timed: pool, schema, preparing `dataSize` source rows (seeded once per run, checked by
 * checksum per fork), the harness's forced GC and the TRUNCATE of target and the job tables before
 * every invocation, verification after it (target count and checksum against source; checkpoints at
 * every range end).
 * State: per trial — pool and verified source; per invocation — empty target and job tables.
 * Secondary: rows/s, timeToFirstRow, connectionHold.mean/max, stream.maxReadAhead, memory.peakRss /
 * peakHeap (absolute) and rssGrowth / heapGrowth (above the pre-run baseline), pool.acquireWait.*, gc.*,
 * server.*.
 * Default matrix: every partition count on a pool of 10, every pool size at 4 partitions, and 8
 * partitions on a pool of 2 (see `grids`), all through the engine's first Node driver; the other
 * drivers at 4 partitions on a pool of 10, at 10 000 and 100 000 rows.
 * The `driver` axis: the whole job — its cursors, its COPY or INSERT chunks, its checkpoints —
 * through another Node driver of the engine (postgres.js `cursor()`, the MariaDB connector's
 * `queryStream`), behind the same metered pool (`dbbench.facts[].driver` records its settings).
 * Hypothesis: both drivers fetch a batch per round trip (PostgreSQL) or pause the socket (MySQL), so
 * the job moves rows at about the same speed and holds about the same memory on either; a difference
 * is the drivers' per-row parsing, which a job of 100 000 rows magnifies.
 * Run: `npx dbbench run dist/postgres-suite.js -b job` (or `npx turbo run bench:postgres`).
 */
import { choiceAxis } from '@dbbench/harness';
import { defineJobBenchmark } from './job-benchmark.js';

/** Rows per cursor batch and per flushed chunk in the job and memory benchmarks. */
export const DEFAULT_CHUNK_SIZE = 500;

/**
 * The job benchmark (see the file header) for an engine whose Node drivers are `drivers` (the
 * default first): its grids name them.
 */
export function createJobBenchmark(drivers: readonly string[]) {
  const [firstDriver, ...otherDrivers] = drivers;
  if (firstDriver === undefined) throw new Error('job: an engine with no driver');
  const first = [firstDriver];
  return defineJobBenchmark({
    description: 'Streaming job: per partition a cursor stream → transform → chunked writer with checkpoints',
    axes: ['dataSize', 'poolSize', 'partitions', 'driver'],
    axisTypes: { driver: choiceAxis(drivers) },
    // Every partition count on a pool of 10 (the partition and pooled-vs-streaming questions), every
    // pool size at 4 partitions (does a bigger pool help the streams?), and 8 partitions on a pool of
    // 2, smaller than the partitions (how much does a starved pool cost?): 18 combinations, not 36,
    // on the first driver; the others where the driver question is asked (2 more each).
    grids: [
      { poolSize: [10], driver: first },
      { partitions: [4], driver: first },
      { partitions: [8], poolSize: [2], driver: first },
      ...(otherDrivers.length === 0
        ? []
        : [{ partitions: [4], poolSize: [10], dataSize: [10000, 100000], driver: otherDrivers }]),
    ],
    fixed: { chunkSize: DEFAULT_CHUNK_SIZE },
  });
}
