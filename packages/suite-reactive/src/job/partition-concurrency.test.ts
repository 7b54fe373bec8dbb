import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { partitionConcurrency, runLimited } from './partition-concurrency.js';

describe('partitionConcurrency', () => {
  it('leaves one connection free for flushes', () => {
    expect(partitionConcurrency(10, 8)).toBe(8);
    expect(partitionConcurrency(4, 8)).toBe(3);
    expect(partitionConcurrency(2, 8)).toBe(1);
  });

  it('refuses a pool that cannot hold a reader and a flush', () => {
    expect(() => partitionConcurrency(1, 4)).toThrow(/poolSize ≥ 2/);
  });
});

describe('runLimited', () => {
  it('never runs more than the limit at once and keeps results in order', async () => {
    let running = 0;
    let maxRunning = 0;
    const tasks = Array.from({ length: 7 }, (_, index) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await sleep(5);
      running -= 1;
      return index;
    });
    const results = await runLimited(3, tasks, new AbortController());
    expect(maxRunning).toBe(3);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : -1))).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });

  it('aborts the rest after a failure and still settles every task', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const tasks = Array.from({ length: 4 }, (_, index) => async (signal: AbortSignal) => {
      started.push(index);
      if (index === 0) throw new Error('boom');
      await sleep(5);
      return signal.aborted;
    });
    const results = await runLimited(1, tasks, controller);
    expect(controller.signal.aborted).toBe(true);
    expect(started).toEqual([0]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });
});
