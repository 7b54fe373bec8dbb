import type { MetricSample, Profiler } from '@dbbench/harness';
import type { MemoryPeaks, MemorySampler } from './memory-sampler.js';

/** Collects the {@link MemoryPeaks} of each invocation of an iteration (filled by the benchmark). */
export class MemoryPeaksRecorder {
  #peaks: MemoryPeaks[] = [];

  /** Stops the sampler if it still runs and keeps its peaks (called right after each invocation). */
  stopAndRecord(sampler: MemorySampler): void {
    const peaks = sampler.stop();
    if (peaks !== undefined) this.#peaks.push(peaks);
  }

  /** Forgets what was recorded (start of an iteration). */
  clear(): void {
    this.#peaks = [];
  }

  /** The recorded peaks. */
  get peaks(): readonly MemoryPeaks[] {
    return this.#peaks;
  }
}

/**
 * Reports the highest memory peaks of the iteration's invocations (in single-shot mode, the one
 * invocation): `memory.peakRss` and `memory.peakHeap` (absolute, MiB), and `memory.rssGrowth` and
 * `memory.heapGrowth` (above the pre-invocation baseline taken after a forced GC, MiB).
 */
export function memoryProfiler(sampler: MemorySampler, recorder: MemoryPeaksRecorder): Profiler {
  return {
    name: 'memory',
    beforeIteration(): void {
      recorder.clear();
    },
    afterIteration(): readonly MetricSample[] {
      // Normally stopped in teardownInvocation already; this catches a run that threw before it.
      recorder.stopAndRecord(sampler);
      const { peaks } = recorder;
      if (peaks.length === 0) return [];
      const highest = (pick: (peak: MemoryPeaks) => number): number => Math.max(...peaks.map(pick));
      return [
        {
          name: 'memory.peakRss',
          value: highest((peak) => peak.peakRssMiB),
          unit: 'MiB',
          higherIsBetter: false,
        },
        {
          name: 'memory.peakHeap',
          value: highest((peak) => peak.peakHeapMiB),
          unit: 'MiB',
          higherIsBetter: false,
        },
        {
          name: 'memory.rssGrowth',
          value: highest((peak) => peak.rssGrowthMiB),
          unit: 'MiB',
          higherIsBetter: false,
        },
        {
          name: 'memory.heapGrowth',
          value: highest((peak) => peak.heapGrowthMiB),
          unit: 'MiB',
          higherIsBetter: false,
        },
      ];
    },
  };
}
