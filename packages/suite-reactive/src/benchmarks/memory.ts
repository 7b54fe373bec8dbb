/**
 * memory — the streaming job with a deliberately slow writer, to show memory stays flat as data grows.
 *
 * Hypothesis: with backpressure, rows in this process are bounded by the chunk size (a cursor batch,
 * the chunk being flushed and the streams' highWaterMarks), not by dataSize; so peak RSS at dataSize
 * 100000 stays within 1.5× of dataSize 10000. The writer pauses 2 ms after every chunk so the reader is
 * always the faster side: without backpressure, rows would pile up in memory here.
 * What is reported (secondary metrics, MiB, per invocation, highest in the iteration):
 *   memory.peakRss / memory.peakHeap — absolute peak resident set and V8 heap in use, sampled every
 *     5 ms from the end of setupInvocation until the run ends. The harness forces a GC before every
 *     iteration (forks run with --expose-gc) and single-shot runs one invocation per iteration, so
 *     every invocation starts from a collected heap;
 *   memory.rssGrowth / memory.heapGrowth — the same peaks minus the baseline taken just before the
 *     run: what the invocation itself added. RSS rarely shrinks after GC, so rssGrowth
 *     understates later invocations; heapGrowth is the sharper of the two.
 * The score (ms) is the job's duration, including the 2 ms per chunk pauses.
 * One partition, poolSize 10, chunkSize 500. Timed / not timed / state: as in `job` (see job.ts).
 * Run: `npx dbbench run dist/postgres-suite.js -b memory -p dataSize=10000,100000`.
 */
import { defineJobBenchmark } from './job-benchmark.js';
import { DEFAULT_CHUNK_SIZE } from './job.js';

/** Pause after every flushed chunk: makes the writer the slow side of the pipeline. */
export const SLOW_WRITER_DELAY_MS = 2;

/** The memory benchmark (see the file header). */
export const memoryBenchmark = defineJobBenchmark({
  description: 'Streaming job with a slow writer: peak RSS and heap must stay flat as dataSize grows',
  axes: ['dataSize'],
  fixed: { poolSize: 10, partitions: 1, chunkSize: DEFAULT_CHUNK_SIZE },
  writeDelayMs: SLOW_WRITER_DELAY_MS,
});
