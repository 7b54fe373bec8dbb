/**
 * The built-in `gc` profiler (JMH's `-prof gc`): bytes allocated per operation, and GC count and
 * pause time per iteration. Runs before and after each iteration, outside the timed region.
 */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import type { MetricSample, Profiler } from '../define/definition.js';

/**
 * Creates a gc profiler. Allocation is heap growth over the iteration plus what every GC in it freed:
 * `(used after − used before) + Σ (used before GC − used after GC)`, from `v8.GCProfiler`. GC count
 * and time come from `perf_hooks` GC entries.
 */
export function gcProfiler(): Profiler {
  let heapUsedBefore = 0;
  let allocationProfiler: GCProfiler | undefined;
  let gcEntries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    gcEntries.push(...list.getEntries());
  });
  let observing = false;

  return {
    name: 'gc',
    beforeIteration(): void {
      if (!observing) {
        observer.observe({ entryTypes: ['gc'] });
        observing = true;
      }
      gcEntries = [];
      allocationProfiler = new GCProfiler();
      allocationProfiler.start();
      heapUsedBefore = getHeapStatistics().used_heap_size;
    },
    async afterIteration(info): Promise<readonly MetricSample[]> {
      const heapUsedAfter = getHeapStatistics().used_heap_size;
      const collections = allocationProfiler?.stop()?.statistics ?? [];
      allocationProfiler = undefined;
      let freedBytes = 0;
      for (const collection of collections) {
        freedBytes +=
          collection.beforeGC.heapStatistics.usedHeapSize - collection.afterGC.heapStatistics.usedHeapSize;
      }
      // GC performance entries are delivered on a later turn of the event loop; wait for them.
      await new Promise<void>((resolve) => setImmediate(resolve));
      gcEntries.push(...observer.takeRecords());
      const gcTimeMs = gcEntries.reduce((total, entry) => total + entry.duration, 0);
      const allocatedBytes = Math.max(0, heapUsedAfter - heapUsedBefore + freedBytes);
      return [
        {
          name: 'gc.alloc.rate.norm',
          value: info.invocations > 0 ? allocatedBytes / info.invocations : Number.NaN,
          unit: 'B/op',
          higherIsBetter: false,
        },
        { name: 'gc.count', value: gcEntries.length, unit: 'counts', higherIsBetter: false },
        { name: 'gc.time', value: gcTimeMs, unit: 'ms', higherIsBetter: false },
      ];
    },
  };
}
