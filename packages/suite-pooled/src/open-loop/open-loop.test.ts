import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '@dbbench/harness/compare';
import { describe, expect, it } from 'vitest';
import { OpenLoop, type RequestTiming } from './open-loop.js';

class TimeoutLike extends Error {
  override readonly name = 'AcquireTimeoutError';
}

const isFailure = (error: unknown): boolean => error instanceof TimeoutLike;

describe('OpenLoop', () => {
  it('refuses a rate, cap or latency limit that is not above zero', () => {
    const request = (): Promise<void> => Promise.resolve();
    expect(() => new OpenLoop({ ratePerSecond: 0, maxInFlight: 1, request, isFailure })).toThrow(
      /above zero/,
    );
    expect(() => new OpenLoop({ ratePerSecond: -5, maxInFlight: 1, request, isFailure })).toThrow(
      /above zero/,
    );
    expect(() => new OpenLoop({ ratePerSecond: 10, maxInFlight: 0, request, isFailure })).toThrow(
      /maxInFlight/,
    );
    expect(
      () => new OpenLoop({ ratePerSecond: 10, maxInFlight: 1, request, isFailure, latencyLimitMs: 0 }),
    ).toThrow(/latency limit/);
  });

  it('keeps sending on schedule while earlier requests are still out (open, not closed)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const loop = new OpenLoop({
      ratePerSecond: 1000,
      maxInFlight: 100,
      random: seededRandom(1),
      isFailure,
      request: async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(30);
        inFlight -= 1;
      },
    });
    loop.start();
    await loop.waitForResolved(100);
    await loop.stop();
    // A closed loop of one caller would never have two out; at 1000/s and 30 ms each, about 30 are.
    expect(maxInFlight).toBeGreaterThan(5);
    const stats = loop.stats();
    expect(stats.succeeded).toBe(stats.scheduled);
    expect(stats.latency.count).toBe(stats.succeeded);
    expect(stats.latency.percentile(50)).toBeGreaterThanOrEqual(29);
  });

  it('counts an arrival that waits for the cap from its intended start', async () => {
    const timings: RequestTiming[] = [];
    const loop = new OpenLoop({
      ratePerSecond: 500,
      maxInFlight: 1,
      random: seededRandom(2),
      isFailure,
      request: () => sleep(10),
      onSuccess: (timing) => timings.push(timing),
    });
    loop.start();
    await loop.waitForResolved(20);
    await loop.stop();
    const stats = loop.stats();
    // One at a time at 10 ms each cannot keep up with 500/s: arrivals queue behind the cap.
    expect(stats.waitedForCap).toBeGreaterThan(0);
    expect(stats.latency.percentile(99)).toBeGreaterThan(stats.service.percentile(99) * 2);
    for (const { intended, sent, end } of timings) {
      expect(sent).toBeGreaterThanOrEqual(intended);
      expect(end).toBeGreaterThan(sent);
    }
  });

  it('counts failures, late and skipped requests apart, and drains every arrival on stop', async () => {
    let calls = 0;
    const loop = new OpenLoop({
      ratePerSecond: 400,
      maxInFlight: 1,
      latencyLimitMs: 15,
      random: seededRandom(3),
      isFailure,
      request: async () => {
        calls += 1;
        await sleep(calls % 3 === 0 ? 20 : 2);
        if (calls % 5 === 0) throw new TimeoutLike('waited');
      },
    });
    loop.start();
    await loop.waitForResolved(60);
    await loop.stop();
    const stats = loop.stats();
    expect(stats.failed).toBeGreaterThan(0);
    expect(stats.skipped).toBeGreaterThan(0);
    expect(stats.late).toBeGreaterThan(0);
    expect(stats.succeeded + stats.failed + stats.skipped).toBe(stats.scheduled);
    expect(calls).toBe(stats.succeeded + stats.failed);
  });

  it('fails the wait on a fault instead of counting it', async () => {
    const loop = new OpenLoop({
      ratePerSecond: 200,
      maxInFlight: 10,
      isFailure,
      request: () => Promise.reject(new Error('expected the row with id 3, got 4')),
    });
    loop.start();
    await expect(loop.waitForResolved(5)).rejects.toThrow(/expected the row/);
    await loop.stop();
    expect(loop.fault?.message).toMatch(/expected the row/);
  });
});
