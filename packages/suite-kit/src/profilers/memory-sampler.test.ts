import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MemorySampler } from './memory-sampler.js';

describe('MemorySampler', () => {
  it('sees a heap allocation that lives between two samples', async () => {
    const sampler = new MemorySampler(2);
    sampler.start();
    // ~40 MiB of live objects, held across a few sampling intervals.
    const held = Array.from({ length: 400_000 }, (_, index) => ({
      index,
      text: `row-${index}`,
      more: [index],
    }));
    await sleep(20);
    const peaks = sampler.stop();
    expect(held.length).toBe(400_000);
    expect(peaks).toBeDefined();
    expect(peaks?.heapGrowthMiB ?? 0).toBeGreaterThan(10);
    expect(peaks?.peakHeapMiB ?? 0).toBeGreaterThanOrEqual(peaks?.heapGrowthMiB ?? Number.POSITIVE_INFINITY);
    expect(sampler.running).toBe(false);
  });

  it('returns undefined when stopped without being started', () => {
    expect(new MemorySampler().stop()).toBeUndefined();
  });
});
