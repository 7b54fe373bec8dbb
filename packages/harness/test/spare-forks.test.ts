/**
 * Spare forks through real processes: a spare imports its suite module ahead and then sits idle; the
 * fork that takes it runs its task in it; a fork measures only once every spare sits idle; and a
 * killed runner leaves no spare behind. Behaviour, not timing: the test reads the order of events
 * and process states from /proc.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runInFork } from '../src/fork/fork-runner.js';
import type { ForkTask } from '../src/fork/fork-protocol.js';
import { SpareForks } from '../src/fork/spare-forks.js';
import { resolveSettings } from '../src/plan/settings.js';
import { SYNTHETIC_SUITE } from './run-dbbench.js';

/** Whether a process is still there (a zombie counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 20) {
    if (condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function task(): ForkTask {
  return {
    suiteModule: SYNTHETIC_SUITE,
    benchmarkName: 'busy',
    mode: 'avgt',
    params: { workMs: '2' },
    settings: resolveSettings({
      warmupIterations: 1,
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

/** Spares that record when a fork waited for them, beside what the fork reported. */
class RecordingSpares extends SpareForks {
  readonly events: string[] = [];
  override async whenIdle(timeoutMs?: number): Promise<void> {
    await super.whenIdle(timeoutMs);
    this.events.push(`spares idle (${this.counts().ready} of ${this.counts().spares} ready)`);
  }
}

describe('spare forks', () => {
  let spares: SpareForks | undefined;
  afterEach(() => spares?.dispose());

  it('imports the suite module ahead and is handed over to the next fork', async () => {
    const pool = new SpareForks();
    spares = pool;
    pool.prepare(SYNTHETIC_SUITE);
    pool.prepare(SYNTHETIC_SUITE);
    expect(pool.counts().spares).toBe(1);
    await pool.whenIdle();
    expect(pool.counts()).toEqual({ spares: 1, ready: 1 });
    const taken = pool.take(SYNTHETIC_SUITE);
    expect(taken?.pid).toBeDefined();
    expect(pool.take(SYNTHETIC_SUITE)).toBeUndefined();
    expect(pool.counts().spares).toBe(0);
    taken?.kill('SIGKILL');
  });

  it('ends a spare that does not finish importing in time', async () => {
    const pool = new SpareForks();
    spares = pool;
    pool.prepare(SYNTHETIC_SUITE);
    await pool.whenIdle(0);
    expect(pool.counts().spares).toBe(0);
  });

  it('runs a fork in a spare, which measures only once the next spare sits idle', async () => {
    const recording = new RecordingSpares();
    spares = recording;
    recording.prepare(SYNTHETIC_SUITE);
    await recording.whenIdle();
    recording.events.length = 0;
    const failure = await runInFork(task(), {
      settings: task().settings,
      spares: recording,
      prepareNext: [SYNTHETIC_SUITE],
      onIteration: (iteration) =>
        recording.events.push(iteration.warmup ? 'warmup iteration' : 'measured iteration'),
      onLog: () => undefined,
    });
    expect(failure).toBeUndefined();
    // The fork took the ready spare, started the next one beside it, and measured each iteration
    // once it was idle.
    expect(recording.events).toEqual([
      'warmup iteration',
      'spares idle (1 of 1 ready)',
      'measured iteration',
      'spares idle (1 of 1 ready)',
      'measured iteration',
    ]);
    expect(recording.counts()).toEqual({ spares: 1, ready: 1 });
  });

  it('leaves no spare behind when the runner is killed', async () => {
    // A runner in its own process that prepares a spare, says its pid, and waits to be killed.
    const script = `
      import { SpareForks } from ${JSON.stringify(new URL('../dist/fork/spare-forks.js', import.meta.url).href)};
      const spares = new SpareForks();
      spares.prepare(${JSON.stringify(SYNTHETIC_SUITE)});
      await spares.whenIdle();
      process.stdout.write(JSON.stringify(spares.counts()) + '\\n');
      setInterval(() => undefined, 1000);
    `;
    const runner = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const children = (): number[] =>
      readFileSync(`/proc/${runner.pid}/task/${runner.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    const line = await new Promise<string>((resolve) =>
      runner.stdout.once('data', (data: Buffer) => resolve(data.toString())),
    );
    expect(JSON.parse(line)).toEqual({ spares: 1, ready: 1 });
    const [spare] = children();
    expect(spare).toBeDefined();
    runner.kill('SIGKILL');
    await until(() => !alive(spare ?? 0), 'the orphaned spare to exit');
  });
});
