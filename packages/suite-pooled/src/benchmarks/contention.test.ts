import { describe, expect, it } from 'vitest';
import { ClosedLoop } from '../contention/closed-loop.js';
import {
  contentionProfiler,
  isAcquireTimeout,
  parseAcquireTimeout,
  REQUESTS_PER_OPERATION,
} from './contention.js';

describe('parseAcquireTimeout', () => {
  it.each([
    ['none', undefined],
    ['100ms', 100],
    ['1s', 1000],
    ['2.5s', 2500],
  ])('%s → %s ms', (text, milliseconds) => {
    expect(parseAcquireTimeout(text)).toBe(milliseconds);
  });

  it.each(['100', 'fast', '0ms', '-1s'])('rejects %s with a message saying what to pass', (text) => {
    expect(() => parseAcquireTimeout(text)).toThrow(/acquireTimeout=/);
  });
});

describe('isAcquireTimeout', () => {
  it('recognises the pool error by name only', () => {
    const timeout = Object.assign(new Error('waited'), { name: 'AcquireTimeoutError' });
    expect(isAcquireTimeout(timeout)).toBe(true);
    expect(isAcquireTimeout(new Error('connection reset'))).toBe(false);
    expect(isAcquireTimeout('AcquireTimeoutError')).toBe(false);
  });
});

describe('contentionProfiler', () => {
  it('turns loop stats and harness timing into requests/s, latency percentiles and success rate', async () => {
    let calls = 0;
    const loop = new ClosedLoop({
      concurrency: 1,
      isTimeout: isAcquireTimeout,
      request: () => {
        calls += 1;
        // Every fourth request times out: success rate 75%.
        if (calls % 4 === 0)
          return Promise.reject(Object.assign(new Error('t'), { name: 'AcquireTimeoutError' }));
        return new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
    const profiler = contentionProfiler(loop);
    await profiler.beforeIteration();
    await loop.waitForSuccesses(30);
    const samples = await profiler.afterIteration({ invocations: 2, measuredNs: 1e9, warmup: false });
    const value = (name: string): number | undefined => samples.find((sample) => sample.name === name)?.value;
    expect(value('requests/s')).toBe(2 * REQUESTS_PER_OPERATION);
    const successRate = value('successRate') ?? 0;
    expect(successRate).toBeGreaterThan(70);
    expect(successRate).toBeLessThan(80);
    expect(value('timeouts')).toBeGreaterThanOrEqual(9);
    expect(value('latency.p50')).toBeGreaterThanOrEqual(0.5);
    expect(value('latency.max')).toBeGreaterThanOrEqual(value('latency.p99') ?? Infinity);
  });
});
