/**
 * chunks — the streaming job with one partition at chunk sizes 100, 500 and 5000.
 *
 * Hypothesis: on PostgreSQL the cursor fetches chunkSize rows per round trip and the writer sends
 * chunkSize rows per COPY, so small chunks pay a round trip per 100 rows and are slower; beyond a few
 * hundred rows the gain flattens while read-ahead memory grows with the chunk. On MySQL the server
 * streams rows regardless and chunkSize only sizes the INSERTs, so the effect is the writer's alone.
 * Varied only at poolSize 10 and one partition (a single stream shows the per-round-trip cost
 * undiluted by concurrency) to keep the default matrix in budget; chunkSize 500 here equals the `job`
 * benchmark's poolSize=10, partitions=1 point. Chunks of 100 run at 1000 and 10000 rows only: at 10000
 * they already show the per-round-trip cost (about 2× chunks of 500 on PostgreSQL), and at 100000 they
 * took 39 s of the run for the same answer.
 * Timed / not timed / state: as in `job` (see job.ts).
 * Run: `npx dbbench run dist/postgres-suite.js -b chunks -p chunkSize=100,5000`.
 */
import { defineJobBenchmark } from './job-benchmark.js';

/** The chunks benchmark (see the file header). */
export const chunksBenchmark = defineJobBenchmark({
  description: 'Streaming job, one partition, varying the cursor batch / write chunk size',
  axes: ['dataSize', 'chunkSize'],
  grids: [{ chunkSize: [500, 5000] }, { chunkSize: [100], dataSize: [1000, 10000] }],
  fixed: { poolSize: 10, partitions: 1 },
});
