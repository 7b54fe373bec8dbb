/**
 * Spare forks through real processes: a spare imports its suite module and waits; it is stopped
 * while a fork measures and runs again after; the fork that takes it runs its task in it; and a
 * fork's measurement never starts before every spare is stopped. Behaviour, not timing: the test
 * reads process states from /proc and the order of events.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runInFork } from '../src/fork/fork-runner.js';
import type { ForkTask, IterationResult } from '../src/fork/fork-protocol.js';
import { SpareForks, SPARES_PER_MODULE } from '../src/fork/spare-forks.js';
import { resolveSettings } from '../src/plan/settings.js';
import { SYNTHETIC_SUITE } from './run-dbbench.js';

/** The state letter of a process in /proc (R running, S sleeping, T stopped). */
function processState(pid: number | undefined): string {
  const stat = readFileSync(`/proc/${pid ?? 0}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 20) {
    if (condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function task(warmupIterations: number): ForkTask {
  return {
    suiteModule: SYNTHETIC_SUITE,
    benchmarkName: 'busy',
    mode: 'avgt',
    params: { workMs: '2' },
    settings: resolveSettings({
      warmupIterations,
      warmupTimeMs: 50,
      measurementIterations: 2,
      measurementTimeMs: 50,
    }),
    unit: 'ms',
    runContext: { flavour: 'plain' },
    fork: 0,
    profilers: [],
  };
}

/** Spares that record when they were stopped and resumed, beside what the fork reported. */
class RecordingSpares extends SpareForks {
  readonly events: string[] = [];
  override pause(): Promise<void> {
    this.events.push('pause');
    return super.pause();
  }
  override resume(): void {
    this.events.push('resume');
    super.resume();
  }
}

describe('spare forks', () => {
  let spares: SpareForks | undefined;
  afterEach(() => spares?.dispose());

  it('imports the suite module ahead, is stopped and resumed, and is handed over running', async () => {
    const pool = new SpareForks();
    spares = pool;
    pool.prepare(SYNTHETIC_SUITE);
    pool.prepare(SYNTHETIC_SUITE);
    expect(pool.counts().spares).toBe(SPARES_PER_MODULE);
    await until(() => pool.counts().ready === SPARES_PER_MODULE, 'the spares to import their module');
    const pids = pool.pids();
    // A signal is delivered asynchronously: wait for the state it brings.
    const allStopped = (): boolean => pids.every((pid) => processState(pid) === 'T');
    await pool.pause();
    expect(allStopped()).toBe(true);
    pool.resume();
    await until(() => pids.every((pid) => processState(pid) !== 'T'), 'the spares to run again');
    await pool.pause();
    expect(allStopped()).toBe(true);
    const taken = pool.take(SYNTHETIC_SUITE);
    // The oldest spare is handed over running; the other one stays stopped.
    expect(taken?.pid).toBe(pids[0]);
    await until(() => processState(taken?.pid) !== 'T', 'the taken spare to run');
    expect(processState(pids[1])).toBe('T');
    taken?.kill('SIGKILL');
    pool.dispose();
    await until(() => {
      try {
        return processState(pids[1]) === 'Z';
      } catch {
        return true; // gone
      }
    }, 'the last spare to end');
  });

  it('runs a fork in a spare, and stops every spare before the fork measures until its teardown', async () => {
    const recording = new RecordingSpares();
    spares = recording;
    recording.prepare(SYNTHETIC_SUITE);
    await until(() => recording.counts().ready === SPARES_PER_MODULE, 'the spares to import their module');
    const iterations: IterationResult[] = [];
    const stoppedWhileMeasuring: string[][] = [];
    const failure = await runInFork(task(1), {
      settings: task(1).settings,
      spares: recording,
      prepareNext: [SYNTHETIC_SUITE],
      onIteration: (iteration) => {
        iterations.push(iteration);
        recording.events.push(iteration.warmup ? 'warmup iteration' : 'measured iteration');
        // While the fork measures, the spares started beside it are stopped.
        if (!iteration.warmup) stoppedWhileMeasuring.push(recording.pids().map(processState));
      },
      onLog: () => undefined,
    });
    expect(failure).toBeUndefined();
    expect(recording.events).toEqual([
      'warmup iteration',
      'pause',
      'measured iteration',
      'measured iteration',
      'resume',
    ]);
    expect(stoppedWhileMeasuring).toEqual([
      ['T', 'T'],
      ['T', 'T'],
    ]);
    // The fork took one spare and started another beside it: two wait for the next fork.
    expect(recording.counts().spares).toBe(SPARES_PER_MODULE);
  });
});
