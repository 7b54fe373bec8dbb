import { describe, expect, it } from 'vitest';
import { seededRandom } from '../compare/random.js';
import type { TurnKind } from '../fork/fork-protocol.js';
import { TurnScheduler, type TurnGate } from './turn-scheduler.js';

/** The turns a fork asks for: its setup, its warmup and measurement iterations, its teardown. */
function lifecycle(warmups: number, measurements: number): TurnKind[] {
  return [
    'setup',
    ...Array.from({ length: warmups }, (): TurnKind => 'warmup'),
    ...Array.from({ length: measurements }, (): TurnKind => 'measurement'),
    'teardown',
  ];
}

/** What the simulated forks did, in the order they did it. */
interface Log {
  readonly events: { readonly member: number; readonly kind: TurnKind }[];
  /** Most members that were inside a turn at the same moment. */
  mostAtOnce: number;
  /** The same, counting only iterations (warmup and measurement). */
  mostAtOnceIterating: number;
}

/**
 * A simulated fork: asks for each turn in `kinds` through `gate`, "works" for a few event-loop
 * ticks in each, and ends. `startAfterTicks` delays its first request (a slower import).
 */
async function simulatedFork(
  member: number,
  gate: TurnGate,
  kinds: readonly TurnKind[],
  log: Log,
  inside: Set<number>,
  startAfterTicks = 0,
): Promise<void> {
  for (let tick = 0; tick < startAfterTicks; tick += 1) await Promise.resolve();
  for (const kind of kinds) {
    await gate.request(kind);
    inside.add(member);
    log.mostAtOnce = Math.max(log.mostAtOnce, inside.size);
    if (kind === 'warmup' || kind === 'measurement') {
      log.mostAtOnceIterating = Math.max(log.mostAtOnceIterating, inside.size);
    }
    log.events.push({ member, kind });
    for (let tick = 0; tick < 3; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    inside.delete(member);
  }
  gate.ended();
}

async function runRound(
  members: readonly (readonly TurnKind[])[],
  options: { seed?: number; startAfterTicks?: readonly number[] } = {},
): Promise<Log> {
  const scheduler = new TurnScheduler(members.length, seededRandom(options.seed ?? 1));
  const log: Log = { events: [], mostAtOnce: 0, mostAtOnceIterating: 0 };
  const inside = new Set<number>();
  await Promise.all(
    members.map((kinds, member) =>
      simulatedFork(member, scheduler.gate(member), kinds, log, inside, options.startAfterTicks?.[member]),
    ),
  );
  return log;
}

describe('turns of an interleaved round', () => {
  it('grants a fork alone every turn it asks for, in order', async () => {
    const log = await runRound([lifecycle(2, 3)]);
    expect(log.events.map((event) => event.kind)).toEqual(lifecycle(2, 3));
  });

  it('never lets a fork iterate while another works', async () => {
    const log = await runRound([lifecycle(2, 5), lifecycle(2, 5), lifecycle(2, 5), lifecycle(2, 5)]);
    expect(log.events).toHaveLength(4 * lifecycle(2, 5).length);
    const afterSetups = log.events.findIndex((event) => event.kind !== 'setup');
    expect(afterSetups).toBe(4);
    expect(log.mostAtOnceIterating).toBe(1);
  });

  it('sets every fork up together, as each asks, and lets none iterate before all are set up', async () => {
    // Member 2 finishes importing first, member 0 last.
    const log = await runRound([lifecycle(1, 2), lifecycle(1, 2), lifecycle(1, 2)], {
      startAfterTicks: [20, 10, 0],
    });
    expect(log.events.slice(0, 3)).toEqual([
      { member: 2, kind: 'setup' },
      { member: 1, kind: 'setup' },
      { member: 0, kind: 'setup' },
    ]);
    expect(log.events.slice(3).every((event) => event.kind !== 'setup')).toBe(true);
  });

  it('lets setups overlap', async () => {
    const setups = await runRound([['setup'], ['setup'], ['setup']]);
    expect(setups.mostAtOnce).toBeGreaterThan(1);
  });

  it('gives each fork one iteration per slot round, the first in member order, later ones shuffled', async () => {
    const members = 3;
    const iterations = 12;
    const log = await runRound(
      Array.from({ length: members }, () => lifecycle(0, iterations)),
      { seed: 7 },
    );
    const measured = log.events.filter((event) => event.kind === 'measurement');
    const slotRounds = Array.from({ length: iterations }, (_, round) =>
      measured.slice(round * members, (round + 1) * members).map((event) => event.member),
    );
    for (const slotRound of slotRounds) expect([...slotRound].sort()).toEqual([0, 1, 2]);
    expect(slotRounds[0]).toEqual([0, 1, 2]);
    // Later slot rounds are drawn: not all in member order (seeded, so this is deterministic).
    expect(slotRounds.slice(1).some((order) => order.join() !== '0,1,2')).toBe(true);
  });

  it('tears the members down together once all are done measuring, alone while another still measures', async () => {
    const together = await runRound([lifecycle(0, 2), lifecycle(0, 2), lifecycle(0, 2)]);
    const teardowns = together.events.filter((event) => event.kind === 'teardown');
    expect(teardowns).toHaveLength(3);
    expect(together.events.slice(-3).every((event) => event.kind === 'teardown')).toBe(true);
    expect(together.mostAtOnce).toBeGreaterThan(1);
    const apart = await runRound([lifecycle(0, 1), lifecycle(0, 4)].map((kinds) => kinds.slice(1)));
    expect(apart.mostAtOnce).toBe(1);
  });

  it('lets the others go on when a fork ends early, and finishes a fork with more iterations alone', async () => {
    const log = await runRound([lifecycle(0, 1), lifecycle(0, 5)]);
    expect(log.events.filter((event) => event.member === 1 && event.kind === 'measurement')).toHaveLength(5);
    expect(log.events.at(-1)).toEqual({ member: 1, kind: 'teardown' });
  });

  it('gives no turn to a fork that died while waiting for one, and passes the turn on', async () => {
    const scheduler = new TurnScheduler(2, seededRandom(3));
    const first = scheduler.gate(0);
    const second = scheduler.gate(1);
    await Promise.all([first.request('setup'), Promise.resolve()]);
    let secondGranted = false;
    void second.request('setup').then(() => (secondGranted = true));
    second.ended();
    // Member 0 goes on alone: its next turn comes although member 1 never finished its setup.
    await first.request('measurement');
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondGranted).toBe(false);
    expect(scheduler.granted.map((turn) => turn.member)).toEqual([0, 0]);
  });

  it('fails the turn, not the round, when what comes before it fails', async () => {
    const scheduler = new TurnScheduler(2, seededRandom(5), (member) =>
      member === 1 ? Promise.reject(new Error('no quota')) : Promise.resolve(),
    );
    const first = scheduler.gate(0);
    const second = scheduler.gate(1);
    await first.request('setup');
    const refused = second.request('setup');
    await first.request('measurement');
    await expect(refused).rejects.toThrow('no quota');
    await first.request('measurement');
    first.ended();
    expect(scheduler.granted).toEqual([
      { member: 0, kind: 'setup' },
      { member: 0, kind: 'measurement' },
      { member: 0, kind: 'measurement' },
    ]);
  });
});
