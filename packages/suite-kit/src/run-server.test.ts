import type { RunPlan } from '@dbbench/harness';
import { describe, expect, it } from 'vitest';
import { CONNECTION_HEADROOM, connectionsNeeded } from './run-server.js';

const plan = (poolSizes: (string | undefined)[], concurrentForks = 1): RunPlan => ({
  combinations: poolSizes.map((poolSize) => {
    const params: Record<string, string> = poolSize === undefined ? {} : { poolSize };
    return { benchmark: 'b', params };
  }),
  concurrentForks,
  chosenAxes: [],
});

describe('connectionsNeeded', () => {
  it('is the largest planned poolSize plus headroom, so -p poolSize=200 sizes the server', () => {
    expect(connectionsNeeded(plan(['10', '200', '30']))).toBe(200 + CONNECTION_HEADROOM);
  });

  it('counts the fixed pool of benchmarks without a poolSize axis, and at least that', () => {
    expect(connectionsNeeded(plan([undefined]), 10)).toBe(10 + CONNECTION_HEADROOM);
    expect(connectionsNeeded(plan(['2']), 10)).toBe(10 + CONNECTION_HEADROOM);
  });

  it('multiplies by the forks that hold pools at the same time', () => {
    expect(connectionsNeeded(plan(['60'], 2))).toBe(120 + CONNECTION_HEADROOM);
  });
});
