/**
 * job — the end-to-end batch job: how many partitions, on how big a pool, move `dataSize` rows fastest?
 *
 * Hypothesis: partitions overlap one partition's round trips with another's work, so throughput
 * rises from 1 to a few partitions and flattens once the server's cores (or the pool) are busy;
 * partitions beyond `poolSize` only queue for connections, visible as acquire wait.
 *
 * Timed: planning key ranges from MIN/MAX(id), the job-repository rows (start, checkpoints,
 * completion), and every partition's keyset reads, transformation and chunk writes (one multi-row
 * INSERT + checkpoint per transaction), all partitions running at once on the pool.
 * Not timed: seeding `source` (once per fork), truncating `target` and the job tables before every
 * invocation, and verification after it: target row count and checksum against the source, and every
 * partition's checkpoint at its range end.
 * State: per invocation — a job never runs on a dirty target.
 *
 * Run: npx dbbench run dist/postgres-suite.js -b '^job$' -p dataSize=10000 -p partitions=1,4,8
 */
import { resetTarget, verifyCheckpoints, verifyTarget, type MeteredPool } from '@dbbench/databases';
import { defineBenchmark, type BenchmarkDefinition } from '@dbbench/harness';
import { runJob, type ChunkWriter, type JobRunResult } from '../job/job-runner.js';
import { DETERMINISTIC_WORK, openTrial, standardProfilers, type RunContext } from '@dbbench/suite-kit';

/** Per-fork state of the `job` benchmark. */
export interface JobState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly partitions: number;
  readonly chunkSize: number;
}

/** What can be swapped in the job benchmark (tests pass a faulty writer to prove verification works). */
export interface JobBenchmarkOptions {
  /** Writes each chunk and its checkpoint; default: the transactional writer. */
  readonly writer?: ChunkWriter;
}

/** Creates the `job` benchmark, optionally with another chunk writer. */
export function createJobBenchmark(
  options: JobBenchmarkOptions = {},
): BenchmarkDefinition<JobState, RunContext, JobRunResult> {
  return defineBenchmark<JobState, RunContext, JobRunResult>({
    description:
      'End-to-end batch job: partitions read key ranges by keyset pages, transform, and write chunk + checkpoint per transaction',
    axes: ['dataSize', 'poolSize', 'partitions', 'chunkSize'],
    mode: 'ss',
    deterministicCounters: DETERMINISTIC_WORK,
    iterations: { warmupIterations: 1, measurementIterations: 5 },
    async setupTrial(ctx) {
      const dataSize = ctx.int('dataSize');
      const pool = await openTrial(ctx.runContext, { poolSize: ctx.int('poolSize'), sourceRows: dataSize });
      return { pool, dataSize, partitions: ctx.int('partitions'), chunkSize: ctx.int('chunkSize') };
    },
    async setupInvocation(state) {
      await resetTarget(state.pool);
    },
    run(state) {
      return runJob(state.pool, {
        partitions: state.partitions,
        chunkSize: state.chunkSize,
        ...(options.writer === undefined ? {} : { writer: options.writer }),
      });
    },
    async verify(state, result) {
      const { pool } = state;
      if (result.rowsWritten !== state.dataSize) {
        throw new Error(
          `job: expected ${state.dataSize} rows processed, the partitions processed ${result.rowsWritten}`,
        );
      }
      const target = await verifyTarget(pool);
      if (!target.ok) throw new Error(`job: ${target.message}`);
      const checkpoints = await verifyCheckpoints(pool, result.jobId, result.ranges);
      if (!checkpoints.ok) throw new Error(`job: ${checkpoints.message}`);
    },
    profilers: (state) => standardProfilers(state.pool, { rowsPerInvocation: () => state.dataSize }),
    async teardownTrial(state) {
      await state.pool.close();
    },
  });
}

/** The `job` benchmark with the real, transactional chunk writer. */
export const jobBenchmark = createJobBenchmark();
