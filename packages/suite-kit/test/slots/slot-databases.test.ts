/**
 * The slots of an interleaved round on a real server: forks alive together each work in a database
 * of their own, created on first use and dropped with the run; a named server whose max_connections
 * holds fewer pools lets fewer forks take turns. Against the machine's database services, through
 * the url provider, on both engines.
 */
import type { RunPlan } from '@dbbench/harness';
import { describe, expect, it } from 'vitest';
import { connectionsNeeded, roundForksAllowed, startRunServer } from '../../src/run-server.js';
import { dbbenchDatabases, SERVICE_URLS, type ServiceEngine } from '../faults/service-queries.js';

const plan: RunPlan = {
  combinations: [{ benchmark: 'b', params: { poolSize: '10' } }],
  concurrentForks: 4,
  chosenAxes: [],
};

describe('how many forks a server lets take turns', () => {
  it('is as many as the plan asks for when every pool fits, fewer when max_connections holds fewer', () => {
    expect(roundForksAllowed(plan, connectionsNeeded(plan))).toBe(4);
    expect(roundForksAllowed(plan, 100)).toBe(4);
    const large: RunPlan = { ...plan, combinations: [{ benchmark: 'b', params: { poolSize: '60' } }] };
    // A default PostgreSQL (100 connections) holds one pool of 60 beside dbbench's own connections.
    expect(roundForksAllowed(large, 100)).toBe(1);
    expect(roundForksAllowed(large, 150)).toBe(2);
    expect(roundForksAllowed(large, 10)).toBe(1);
  });
});

describe.each(['postgres', 'mysql'] satisfies ServiceEngine[])('slot databases on %s', (engine) => {
  it('gives each slot its own database, once, and drops them all with the run', async () => {
    const setup = await startRunServer(
      { engine, suite: 'slots' },
      { provider: 'url', url: SERVICE_URLS[engine] },
      () => undefined,
      plan,
    );
    let slotDatabases: string[] = [];
    try {
      const main = setup.context.database;
      const first = await setup.slotContext?.(1);
      const second = await setup.slotContext?.(2);
      slotDatabases = [first?.database ?? '', second?.database ?? ''];
      expect((await setup.slotContext?.(1))?.database).toBe(first?.database);
      expect(new Set([main, ...slotDatabases]).size).toBe(3);
      const present = await dbbenchDatabases(engine);
      expect(present).toEqual(expect.arrayContaining([main, ...slotDatabases]));
      expect(setup.roundForks).toBe(4);
    } finally {
      await setup.dispose();
    }
    const left = await dbbenchDatabases(engine);
    for (const database of slotDatabases) expect(left).not.toContain(database);
  }, 60_000);
});
