/**
 * The self-test of the open loop's correction for coordinated omission, on the real servers: a
 * second session holds a lock on `source` for a known time while requests read it. Every request
 * the schedule meant to start during the stall must carry at least the rest of the stall in its
 * latency (it could not finish before the lock was released), so the open loop's p99 includes the
 * stall; a closed loop paced to the same rate sees it once per caller and its p99 hides it.
 * Behaviour, not timing: the bounds are the stall itself, measured around the lock.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import {
  createPool,
  createSchema,
  seedSource,
  type EngineName,
  type MeteredPool,
  type StartedServer,
} from '@dbbench/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenLoop, type RequestTiming } from '../src/open-loop/open-loop.js';
import { ENGINES, startTestServer } from './support/test-servers.js';

/** How long the second session holds the lock. */
const STALL_MS = 200;
/** Arrivals per second: one every 5 ms on average, about 40 during the stall. */
const RATE = 200;
/** When, after the schedule starts, the lock is taken. */
const STALL_AFTER_MS = 500;

/** Statements that take and release a lock other sessions' reads of `source` wait for. */
const LOCKS: Readonly<Record<EngineName, { readonly take: string[]; readonly release: string[] }>> = {
  postgres: { take: ['BEGIN', 'LOCK TABLE source IN ACCESS EXCLUSIVE MODE'], release: ['COMMIT'] },
  mysql: { take: ['LOCK TABLES source WRITE'], release: ['UNLOCK TABLES'] },
};

/** Holds the lock from a session of its own for {@link STALL_MS}; resolves to when it was held. */
async function stall(pool: MeteredPool, engine: EngineName): Promise<{ start: number; end: number }> {
  return pool.withConnection(async (session) => {
    for (const statement of LOCKS[engine].take) await session.query(statement);
    const start = performance.now();
    await sleep(STALL_MS);
    const end = performance.now();
    for (const statement of LOCKS[engine].release) await session.query(statement);
    return { start, end };
  });
}

/** 99th percentile of unsorted values. */
function p99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN;
}

for (const engine of ENGINES) {
  describe(`open loop against a server stall on ${engine}`, () => {
    let server: StartedServer;
    let pool: MeteredPool;
    let locker: MeteredPool;

    beforeAll(async () => {
      server = await startTestServer(engine);
      pool = await createPool(server.connection, { size: 4 });
      locker = await createPool(server.connection, { size: 1 });
      await createSchema(pool);
      await seedSource(pool, 100);
    });

    afterAll(async () => {
      await pool?.close();
      await locker?.close();
      await server?.stop();
    });

    const read = (): Promise<void> =>
      pool.withConnection(async (session) => {
        await session.query('SELECT id FROM source WHERE id = 1');
      });

    it('charges the stall to every request scheduled during it; a closed loop at the same rate hides it', async () => {
      const timings: RequestTiming[] = [];
      const loop = new OpenLoop({
        ratePerSecond: RATE,
        maxInFlight: 1000,
        request: read,
        isFailure: () => false,
        onSuccess: (timing) => timings.push(timing),
      });
      loop.start();
      await sleep(STALL_AFTER_MS);
      const stalled = await stall(locker, engine);
      await sleep(STALL_AFTER_MS);
      await loop.stop();
      expect(loop.fault).toBeUndefined();

      const during = timings.filter(({ intended }) => intended >= stalled.start && intended < stalled.end);
      expect(during.length).toBeGreaterThan(10);
      for (const { intended, end } of during) {
        // It could not end before the lock was released: its latency holds the rest of the stall.
        expect(end - intended).toBeGreaterThanOrEqual(stalled.end - intended - 1);
      }
      const openLatencies = timings.map(({ intended, end }) => end - intended);
      const openP99 = loop.stats().latency.percentile(99);
      expect(loop.stats().latency.count).toBe(timings.length);
      expect(openP99).toBeGreaterThanOrEqual(STALL_MS / 2);

      // The closed loop: one caller sends, waits for the answer, then waits out the rest of its 5 ms
      // slot — the same rate while the server keeps up, and no request sent while one is stuck.
      const closedLatencies: number[] = [];
      const slotMs = 1000 / RATE;
      let running = true;
      const caller = (async () => {
        while (running) {
          const sent = performance.now();
          await read();
          const latency = performance.now() - sent;
          closedLatencies.push(latency);
          await sleep(Math.max(0, slotMs - latency));
        }
      })();
      await sleep(STALL_AFTER_MS);
      await stall(locker, engine);
      await sleep(STALL_AFTER_MS);
      running = false;
      await caller;

      const slowClosed = closedLatencies.filter((latency) => latency >= STALL_MS / 2);
      const slowOpen = openLatencies.filter((latency) => latency >= STALL_MS / 2);
      // The closed caller met the stall once; the open schedule counted it for every arrival in it.
      expect(slowClosed.length).toBeLessThanOrEqual(1);
      expect(slowOpen.length).toBeGreaterThan(slowClosed.length * 5);
      expect(p99(closedLatencies)).toBeLessThan(STALL_MS / 2);
    });
  });
}
