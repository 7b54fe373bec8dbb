import { describe, expect, it } from 'vitest';
import { blackhole } from '../define/blackhole.js';
import { gcProfiler } from './gc-profiler.js';
import { measureForTime, type Invocation } from './iteration-runner.js';

async function profile(run: () => unknown): Promise<Record<string, number>> {
  const profiler = gcProfiler();
  // Consumed as the trial runner consumes results, so the engine cannot drop the allocation.
  const invocation: Invocation = {
    before: undefined,
    run,
    after: (result) => void blackhole.consume(result),
  };
  // A warmup iteration first, as in a trial: a cold loop allocates differently from a compiled one.
  await measureForTime(invocation, 100);
  await profiler.beforeIteration();
  const timed = await measureForTime(invocation, 150);
  const samples = await profiler.afterIteration({ ...timed, warmup: false });
  return Object.fromEntries(samples.map((sample) => [sample.name, sample.value]));
}

/**
 * A fresh array of `length` slots: 8 bytes per slot on the heap. Filled with null, not a double, so
 * no elements-kind transition allocates a second backing store in some JIT tiers and not in others.
 */
const arrayOf = (length: number) => () => new Array<unknown>(length).fill(null);

// Relations and orders of magnitude only: how many bytes an allocation costs beyond its payload
// depends on the JIT tier the loop reached and on what else the process allocated meanwhile, both
// of which vary with the machine's load.
describe('gc profiler', () => {
  it('measures bytes allocated per operation, including what GCs freed during the iteration', async () => {
    const large = await profile(arrayOf(10_000)); // 80 kB of payload per call, several scavenges
    const small = await profile(arrayOf(2_500)); // 20 kB
    const empty = await profile(() => 1);
    const largeBytes = large['gc.alloc.rate.norm'] ?? Number.NaN;
    const smallBytes = small['gc.alloc.rate.norm'] ?? Number.NaN;
    const emptyBytes = empty['gc.alloc.rate.norm'] ?? Number.NaN;
    // At least the payload (nothing allocated is missed, collected or not), and the same order of magnitude.
    expect(largeBytes).toBeGreaterThanOrEqual(80_000 * 0.9);
    expect(largeBytes).toBeLessThan(80_000 * 10);
    expect(smallBytes).toBeGreaterThanOrEqual(20_000 * 0.9);
    // Four times the payload measures clearly more; an operation that allocates nothing shows only
    // the harness's bookkeeping, orders of magnitude below (see the README).
    expect(largeBytes / smallBytes).toBeGreaterThan(2);
    expect(largeBytes / smallBytes).toBeLessThan(8);
    expect(emptyBytes).toBeLessThan(smallBytes / 10);
    expect(large['gc.count']).toBeGreaterThan(0);
    expect(large['gc.time']).toBeGreaterThan(0);
  });
});
