import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ClosedLoop } from './closed-loop.js';

class TimeoutLike extends Error {
  override readonly name = 'AcquireTimeoutError';
}

const isTimeout = (error: unknown): boolean => error instanceof TimeoutLike;

describe('ClosedLoop', () => {
  it('never runs more requests at once than its concurrency', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const loop = new ClosedLoop({
      concurrency: 3,
      isTimeout,
      request: async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(1);
        inFlight -= 1;
      },
    });
    loop.start();
    await loop.waitForSuccesses(30);
    await loop.stop();
    expect(maxInFlight).toBe(3);
    expect(loop.stats().successes).toBeGreaterThanOrEqual(30);
    expect(loop.stats().successLatenciesMs).toHaveLength(loop.stats().successes);
  });

  it('counts timeouts separately and keeps going', async () => {
    let calls = 0;
    const loop = new ClosedLoop({
      concurrency: 2,
      isTimeout,
      request: async () => {
        calls += 1;
        await sleep(1);
        if (calls % 2 === 0) throw new TimeoutLike('waited too long');
      },
    });
    loop.start();
    await loop.waitForSuccesses(10);
    await loop.stop();
    const stats = loop.stats();
    expect(stats.successes).toBeGreaterThanOrEqual(10);
    expect(stats.timeouts).toBeGreaterThanOrEqual(8);
  });

  it('rejects the wait on a fault that is not a timeout', async () => {
    const loop = new ClosedLoop({
      concurrency: 2,
      isTimeout,
      request: async () => {
        await sleep(1);
        throw new Error('connection lost');
      },
    });
    loop.start();
    await expect(loop.waitForSuccesses(5)).rejects.toThrow('connection lost');
    await loop.stop();
  });

  it('rejects the wait when nothing succeeds within the stall timeout', async () => {
    const loop = new ClosedLoop({
      concurrency: 1,
      isTimeout,
      stallTimeoutMs: 50,
      request: async () => {
        await sleep(5);
        throw new TimeoutLike('always busy');
      },
    });
    loop.start();
    await expect(loop.waitForSuccesses(1)).rejects.toThrow(/no request succeeded for 50 ms/);
    await loop.stop();
  });

  it('resetStats starts the counters again', async () => {
    const loop = new ClosedLoop({ concurrency: 1, isTimeout, request: () => sleep(1) });
    loop.start();
    await loop.waitForSuccesses(3);
    loop.resetStats();
    expect(loop.stats()).toEqual({ successes: 0, timeouts: 0, successLatenciesMs: [] });
    await loop.stop();
  });
});
