import {
  expectTarget,
  resetTarget,
  verifyCheckpoints,
  verifyTarget,
  type MeteredPool,
  type TargetExpectation,
} from '@dbbench/databases';
import { defineBenchmark, type BenchmarkDefinition } from '@dbbench/harness';
import {
  MemoryPeaksRecorder,
  memoryProfiler,
  MemorySampler,
  openTrial,
  standardProfilers,
  type RunContext,
  type SuiteContext,
} from '@dbbench/suite-kit';
import { runStreamingJob, type StreamingJobOptions, type StreamingJobResult } from '../job/streaming-job.js';
import { JobResultsRecorder, streamProfiler } from '../profilers/stream-profiler.js';
import { streamingJobIterations } from './single-shot-iterations.js';

/** The job's parameters that a benchmark may fix instead of taking from an axis. */
export interface JobParameters {
  readonly poolSize: number;
  readonly partitions: number;
  readonly chunkSize: number;
}

/** How one of the job benchmarks (job, chunks, memory) differs from the others. */
export interface JobBenchmarkSpec {
  readonly description: string;
  /**
   * Axes the benchmark varies; `dataSize` always, plus any of {@link JobParameters}, and `driver`
   * (the Node driver the job's pool speaks through; without it, the engine's first).
   */
  readonly axes: readonly ('dataSize' | 'driver' | keyof JobParameters)[];
  /** Types of axes only this benchmark has (e.g. `driver`, whose values depend on the engine). */
  readonly axisTypes?: BenchmarkDefinition['axisTypes'];
  /** The default matrix as a union of grids (see the harness's `grids`); default the cross product. */
  readonly grids?: BenchmarkDefinition['grids'];
  /** Values of the parameters that are not axes of this benchmark. */
  readonly fixed: Partial<JobParameters>;
  /** Pause after each flushed chunk (a deliberately slow writer); default none. */
  readonly writeDelayMs?: number;
}

/** State of a job benchmark's fork. */
export interface JobState {
  readonly pool: MeteredPool;
  readonly dataSize: number;
  readonly options: StreamingJobOptions;
  /** What `target` must hold after every invocation (`source` never changes in a trial). */
  readonly expected: TargetExpectation;
  readonly sampler: MemorySampler;
  readonly memory: MemoryPeaksRecorder;
  readonly jobs: JobResultsRecorder;
}

function parameter(ctx: SuiteContext, spec: JobBenchmarkSpec, name: keyof JobParameters): number {
  if (spec.axes.includes(name)) return ctx.int(name);
  const value = spec.fixed[name];
  if (value === undefined)
    throw new Error(`job benchmark defines neither an axis nor a fixed value for ${name}`);
  return value;
}

/**
 * Builds a benchmark around {@link runStreamingJob}. Shared lifecycle, never timed: the trial seeds
 * `dataSize` source rows once; every invocation starts from an empty target and empty job tables,
 * after the harness's forced GC, with a memory sampler running; every invocation is verified (row count and
 * checksum of target against source, one checkpoint row per partition at its range end).
 */
export function defineJobBenchmark(
  spec: JobBenchmarkSpec,
): BenchmarkDefinition<JobState, RunContext, StreamingJobResult> {
  return defineBenchmark<JobState, RunContext, StreamingJobResult>({
    description: spec.description,
    axes: spec.axes,
    ...(spec.axisTypes === undefined ? {} : { axisTypes: spec.axisTypes }),
    ...(spec.grids === undefined ? {} : { grids: spec.grids }),
    mode: 'ss',
    iterations: streamingJobIterations,
    async setupTrial(ctx) {
      const dataSize = ctx.int('dataSize');
      const options: StreamingJobOptions = {
        partitions: parameter(ctx, spec, 'partitions'),
        chunkSize: parameter(ctx, spec, 'chunkSize'),
        ...(spec.writeDelayMs === undefined ? {} : { writeDelayMs: spec.writeDelayMs }),
      };
      const pool = await openTrial(ctx.runContext, {
        poolSize: parameter(ctx, spec, 'poolSize'),
        sourceRows: dataSize,
        ...(spec.axes.includes('driver') ? { driver: ctx.str('driver') } : {}),
      });
      return {
        pool,
        dataSize,
        options,
        expected: await expectTarget(pool),
        sampler: new MemorySampler(),
        memory: new MemoryPeaksRecorder(),
        jobs: new JobResultsRecorder(),
      };
    },
    async setupInvocation(state) {
      await resetTarget(state.pool);
      // Last, so the reset itself is not part of the sampled window.
      state.sampler.start();
    },
    async run(state) {
      const result = await runStreamingJob(state.pool, state.options);
      state.jobs.record(result);
      return result;
    },
    teardownInvocation(state) {
      state.memory.stopAndRecord(state.sampler);
    },
    async verify(state, result) {
      state.memory.stopAndRecord(state.sampler);
      if (result.rowsWritten !== state.dataSize) {
        throw new Error(`the job wrote ${result.rowsWritten} rows, expected ${state.dataSize}`);
      }
      const target = await verifyTarget(state.pool, state.expected);
      if (!target.ok) throw new Error(`target verification failed: ${target.message}`);
      const checkpoints = await verifyCheckpoints(state.pool, result.jobId, result.ranges);
      if (!checkpoints.ok) throw new Error(`checkpoint verification failed: ${checkpoints.message}`);
    },
    profilers: (state) =>
      standardProfilers(state.pool, {
        rowsPerInvocation: () => state.dataSize,
        extra: [streamProfiler(state.jobs), memoryProfiler(state.sampler, state.memory)],
      }),
    facts: (state) => ({ driver: { ...state.pool.driver } }),
    async teardownTrial(state) {
      state.sampler.stop();
      await state.pool.close();
    },
  });
}
