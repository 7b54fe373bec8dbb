import type { Profiler } from '@dbbench/harness';
import { describe, expect, it } from 'vitest';
import { nestedProfilers } from './nested-profilers.js';

describe('nestedProfilers', () => {
  it('starts in list order, ends in reverse, and reports metrics in list order', async () => {
    const calls: string[] = [];
    const recording = (name: string): Profiler => ({
      name,
      beforeIteration: () => {
        calls.push(`before ${name}`);
      },
      afterIteration: async () => {
        calls.push(`after ${name}`);
        await Promise.resolve();
        return [{ name, value: 1, unit: 'count' }];
      },
    });
    const nested = nestedProfilers('both', [recording('outer'), recording('inner')]);
    await nested.beforeIteration();
    const samples = await nested.afterIteration({ invocations: 1, measuredNs: 1, warmup: false });
    expect(calls).toEqual(['before outer', 'before inner', 'after inner', 'after outer']);
    expect(samples.map((sample) => sample.name)).toEqual(['outer', 'inner']);
  });
});
