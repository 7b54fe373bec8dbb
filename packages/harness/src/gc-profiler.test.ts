import { describe, expect, it } from 'vitest';
import { gcProfiler } from './gc-profiler.js';
import { measureForTime, type Invocation } from './iteration-runner.js';

async function profile(run: () => unknown): Promise<Record<string, number>> {
  const profiler = gcProfiler();
  const invocation: Invocation = { before: undefined, run, after: () => undefined };
  await profiler.beforeIteration();
  const timed = await measureForTime(invocation, 150);
  const samples = await profiler.afterIteration({ ...timed, warmup: false });
  return Object.fromEntries(samples.map((sample) => [sample.name, sample.value]));
}

describe('gc profiler', () => {
  it('measures bytes allocated per operation, including what GCs freed during the iteration', async () => {
    // 10 000 doubles in a fresh array: ~80 kB per call, enough to force several scavenges.
    const allocating = await profile(() => new Array<number>(10_000).fill(1.5));
    expect(allocating['gc.alloc.rate.norm']).toBeGreaterThan(75_000);
    expect(allocating['gc.alloc.rate.norm']).toBeLessThan(90_000);
    expect(allocating['gc.count']).toBeGreaterThan(0);
    expect(allocating['gc.time']).toBeGreaterThan(0);
    // An operation that allocates nothing shows only the harness's own bookkeeping (see the README).
    const empty = await profile(() => 1);
    expect(empty['gc.alloc.rate.norm']).toBeLessThan(2_000);
  });
});
