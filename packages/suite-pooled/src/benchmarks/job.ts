/**
 * job — the end-to-end batch job: which writer, how many partitions and how big a chunk move
 * `dataSize` rows fastest, and how close does a Node job get to the server-side `limit`?
 *
 * Hypothesis: on a 2-core machine the client and the server compete for CPU, so client CPU per row
 * decides throughput. The `writer` axis takes it away step by step: `kysely` (Kysely multi-row INSERT,
 * five round trips per chunk, every column parsed) < `atomic` (chunk + checkpoint in one round trip,
 * only the needed columns read) < `copy` (the page read as text, transformed text to text without row
 * objects, written through the engine's bulk path per chunk). Bigger chunks (5000 vs 500)
 * amortise round trips; partitions overlap one partition's round trips with another's work until the
 * cores are busy, so 1–2 partitions should be enough for the fast writers. A pool smaller than the
 * partitions moves the bottleneck to the pool: partitions queue for connections (acquire waits grow)
 * while the cores stay as busy as they can be, so on 2 cores a pool of 2 should cost little and a pool
 * larger than the partitions nothing.
 *
 * Timed: planning key ranges from MIN/MAX(id), the job-repository rows (start, checkpoints,
 * completion), and every partition's keyset reads, transformation and chunk writes (each chunk with
 * its checkpoint, atomically), all partitions running at once on a pool of `poolSize` connections
 * (partitions beyond it queue for a connection per page read and per chunk write).
 * Not timed: preparing `source` (per fork: seeded once per run, checked by checksum), truncating `target` and the job tables before every
 * invocation, and verification after it: target row count and checksum against the source, and every
 * partition's checkpoint at its range end. A memory sampler runs during the invocation (peak RSS and
 * heap; the harness forces a GC before it, so growth is measured from a collected heap).
 * Secondary, besides the standard ones: `pool.acquisitions`, `pool.acquireWait.total` and
 * `pool.acquireWait.perPartition` (the total over the partitions) inside the timed region, so a starved
 * pool shows where its time went.
 * State: per invocation — a job never runs on a dirty target.
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^job$' -p dataSize=100000 -p chunkSize=5000 -p writer=kysely,atomic,copy
 * (or, for the pool: -p partitions=8 -p poolSize=2,10,30 -p writer=copy)
 */
import {
  expectTarget,
  resetTarget,
  verifyCheckpoints,
  verifyTarget,
  type MeteredPool,
  type TargetExpectation,
} from '@dbbench/databases';
import {
  choiceAxis,
  defineBenchmark,
  type BenchmarkDefinition,
  type IterationSettings,
  type ParamSet,
} from '@dbbench/harness';
import {
  acquireTallyProfiler,
  DETERMINISTIC_WORK,
  DEFAULT_SIZE_ITERATIONS,
  iterationsBySize,
  MemoryPeaksRecorder,
  memoryProfiler,
  MemorySampler,
  openTrial,
  standardProfilers,
  type RunContext,
} from '@dbbench/suite-kit';
import { runJob, type JobRunResult, type JobWriter } from '../job/job-runner.js';
import { isWriterName, jobWriter, WRITER_NAMES } from '../job/job-writers.js';

/** Measured invocations per fork of the job at 100 000 rows (see {@link jobIterations}). */
export const JOB_INVOCATIONS_AT_100K = 4;

/**
 * Iterations per fork: 15 / 3 / 1 warmups (see `iterationsBySize`) and 10 measured at 1000 rows, 5 at
 * 10 000, 4 at 100 000. The answers compare forks that ran in the same round, taking turns
 * invocation by invocation, so what a pair's difference carries is mostly the noise of each
 * invocation's moment, not a fork's own state. Measured here on 2026-12-07 (8 combinations at
 * 100 000 rows, 6 forks each, runs with 1 and with 4 measured invocations per fork alternated), the
 * paired spread of a line (log standard deviation of its ratio per fork pair) fell from 0.087 to
 * 0.045 on MariaDB and from 0.070 to 0.048 on PostgreSQL (0.087 to 0.042 over all seven of the
 * evening's runs); with 4, forks differed by little beyond their invocations (a between-fork
 * component of 0.01–0.05 against 0.05–0.06 per invocation). A fork then takes about twice as long
 * (its start, pool and warmup stay) for a quarter to a half of the variance, so a line settles in
 * fewer pairs: by Kalibera and Jones' rule the repetition goes to the level with the variance. (The
 * earlier 1 came from fork means compared unpaired, where the host's load over seconds shows as
 * differences between forks that the paired turns cancel.)
 */
export function jobIterations(params: ParamSet): IterationSettings {
  return iterationsBySize(params, { ...DEFAULT_SIZE_ITERATIONS, large: JOB_INVOCATIONS_AT_100K });
}

/** Per-fork state of the `job` benchmark. */
export interface JobState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly poolSize: number;
  readonly partitions: number;
  readonly chunkSize: number;
  readonly writer: JobWriter;
  /** What `target` must hold after every invocation (`source` never changes in a trial). */
  readonly expected: TargetExpectation;
  readonly sampler: MemorySampler;
  readonly memory: MemoryPeaksRecorder;
}

/** What can be swapped in the job benchmark (tests pass a faulty writer to prove verification works). */
export interface JobBenchmarkOptions {
  /** Wraps the `writer` axis's writer (e.g. to drop a chunk); default: the writer itself. */
  readonly wrapWriter?: (writer: JobWriter) => JobWriter;
}

/**
 * The job's default matrix: 36 combinations instead of the 288 of the full cross product, each one
 * asked for by a question or a chart (display.ts) and nothing else. At 100k rows, where the job's costs dominate:
 * every writer on every partition count in chunks of 5000 on a pool of 10 (the partition questions).
 * On 4 partitions at every size: every writer in both chunk sizes (the writer questions in chunks of
 * 5000, the chunk-size question, the fastest job against the limit, and the reactive suite's
 * pooled-vs-streaming question in chunks of 500). The pool: 4 and 8 partitions of the bulk writer on
 * a pool smaller than them (2), as large (10 holds all eight) and larger (30), at 10k and 100k rows (at
 * 1k, a partition is half a chunk); the pool questions compare 8 partitions, the acquire-wait chart
 * draws both. `-p` replaces an axis in every grid, so
 * `-p partitions=1,2,4 -p chunkSize=500,5000` still runs the whole cross product.
 */
export const JOB_GRIDS = [
  { dataSize: [100000], chunkSize: [5000], poolSize: [10] },
  { partitions: [4], poolSize: [10] },
  {
    dataSize: [10000, 100000],
    chunkSize: [5000],
    partitions: [4, 8],
    writer: ['copy'],
    poolSize: [2, 10, 30],
  },
] as const;

/** Creates the `job` benchmark, optionally with its writers wrapped. */
export function createJobBenchmark(
  options: JobBenchmarkOptions = {},
): BenchmarkDefinition<JobState, RunContext, JobRunResult> {
  return defineBenchmark<JobState, RunContext, JobRunResult>({
    description:
      'End-to-end batch job: partitions read key ranges by keyset pages, transform, and write each chunk with its checkpoint atomically (writer: Kysely, one round trip, or the bulk path)',
    axes: ['dataSize', 'poolSize', 'partitions', 'chunkSize', 'writer'],
    grids: JOB_GRIDS,
    axisTypes: { writer: choiceAxis(WRITER_NAMES) },
    mode: 'ss',
    deterministicCounters: DETERMINISTIC_WORK,
    iterations: jobIterations,
    async setupTrial(ctx) {
      const dataSize = ctx.int('dataSize');
      const writerName = ctx.str('writer');
      if (!isWriterName(writerName)) throw new Error(`unknown writer ${writerName}`);
      const poolSize = ctx.int('poolSize');
      const pool = await openTrial(ctx.runContext, { poolSize, sourceRows: dataSize });
      const writer = jobWriter(pool.engine, writerName);
      return {
        pool,
        dataSize,
        poolSize,
        partitions: ctx.int('partitions'),
        chunkSize: ctx.int('chunkSize'),
        writer: options.wrapWriter === undefined ? writer : options.wrapWriter(writer),
        expected: await expectTarget(pool),
        sampler: new MemorySampler(),
        memory: new MemoryPeaksRecorder(),
      };
    },
    async setupInvocation(state) {
      await resetTarget(state.pool);
      // Last, so the reset itself is not part of the sampled window.
      state.sampler.start();
    },
    run(state) {
      return runJob(state.pool, {
        partitions: state.partitions,
        chunkSize: state.chunkSize,
        writer: state.writer,
      });
    },
    teardownInvocation(state) {
      state.memory.stopAndRecord(state.sampler);
    },
    async verify(state, result) {
      state.memory.stopAndRecord(state.sampler);
      const { pool } = state;
      if (result.rowsWritten !== state.dataSize) {
        throw new Error(
          `job: expected ${state.dataSize} rows processed, the partitions processed ${result.rowsWritten}`,
        );
      }
      const target = await verifyTarget(pool, state.expected);
      if (!target.ok) throw new Error(`job: ${target.message}`);
      const checkpoints = await verifyCheckpoints(pool, result.jobId, result.ranges);
      if (!checkpoints.ok) throw new Error(`job: ${checkpoints.message}`);
    },
    profilers: (state) =>
      standardProfilers(state.pool, {
        rowsPerInvocation: () => state.dataSize,
        extra: [
          acquireTallyProfiler(state.pool, { partitions: () => state.partitions }),
          memoryProfiler(state.sampler, state.memory),
        ],
      }),
    async teardownTrial(state) {
      state.sampler.stop();
      await state.pool.close();
    },
  });
}

/** The `job` benchmark with the writers of the `writer` axis. */
export const jobBenchmark = createJobBenchmark();
