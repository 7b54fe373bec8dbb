import type { MetricSample, Profiler } from '@dbbench/harness';
import type { StreamingJobResult } from '../job/streaming-job.js';

/** Collects the results of an iteration's job runs (filled by the benchmark after each run). */
export class JobResultsRecorder {
  #results: StreamingJobResult[] = [];

  /** Called after each run. */
  record(result: StreamingJobResult): void {
    this.#results.push(result);
  }

  /** Forgets what was recorded (start of an iteration). */
  clear(): void {
    this.#results = [];
  }

  /** The recorded results. */
  get results(): readonly StreamingJobResult[] {
    return this.#results;
  }
}

const average = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((total, value) => total + value, 0) / values.length;

/**
 * What a streaming job reveals beyond its duration: time to first row, how long each partition's
 * reader held its connection (mean and max), and the largest read-ahead (rows read but not yet
 * flushed) — the number backpressure keeps small.
 */
export function streamProfiler(recorder: JobResultsRecorder): Profiler {
  return {
    name: 'stream',
    beforeIteration(): void {
      recorder.clear();
    },
    afterIteration(): readonly MetricSample[] {
      const { results } = recorder;
      if (results.length === 0) return [];
      const holds = results.flatMap((result) =>
        result.partitions.map((partition) => partition.connectionHoldMs),
      );
      const readAhead = results.flatMap((result) =>
        result.partitions.map((partition) => partition.maxReadAheadRows),
      );
      return [
        {
          name: 'timeToFirstRow',
          value: average(results.map((result) => result.timeToFirstRowMs)),
          unit: 'ms',
          higherIsBetter: false,
        },
        { name: 'connectionHold.mean', value: average(holds), unit: 'ms', higherIsBetter: false },
        { name: 'connectionHold.max', value: Math.max(...holds), unit: 'ms', higherIsBetter: false },
        { name: 'stream.maxReadAhead', value: Math.max(...readAhead), unit: 'rows', higherIsBetter: false },
      ];
    },
  };
}
