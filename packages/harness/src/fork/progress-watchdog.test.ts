import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ForkFailure } from './fork-protocol.js';
import {
  describePhase,
  MIN_ITERATION_PHASE_LIMIT_MS,
  MIN_TRIAL_HOOK_LIMIT_MS,
  phaseLimitMs,
  ProgressWatchdog,
  type PhaseLimitInput,
} from './progress-watchdog.js';
import { MAX_DURATION_MS } from '../define/units.js';

const settings = { warmupTimeMs: 500, measurementTimeMs: 1000, timeoutMs: 600_000 };
const inIteration = (warmup: boolean) => ({ phase: 'invocations' as const, iteration: { warmup, index: 1 } });
const limit = (input: Partial<PhaseLimitInput>): number =>
  phaseLimitMs({
    change: inIteration(false),
    mode: 'avgt',
    settings,
    longestIterationMs: 0,
    ...input,
  });

describe('progress watchdog limits', () => {
  it('derives the limit inside an iteration from the iteration time, with a floor for stalls of a loaded machine', () => {
    expect(limit({})).toBe(MIN_ITERATION_PHASE_LIMIT_MS);
    expect(limit({ settings: { ...settings, measurementTimeMs: 5000 } })).toBe(50_000);
    expect(limit({ change: inIteration(true), settings: { ...settings, warmupTimeMs: 3000 } })).toBe(30_000);
    // Invocations longer than the iteration time stretch every iteration: the limit follows.
    expect(limit({ longestIterationMs: 4000 })).toBe(40_000);
  });

  it('gives single-shot iterations the trial-hook limit until one has finished, then scales with it', () => {
    expect(limit({ mode: 'ss' })).toBe(MIN_TRIAL_HOOK_LIMIT_MS);
    expect(limit({ mode: 'ss', longestIterationMs: 8500 })).toBe(85_000);
    expect(limit({ mode: 'ss', longestIterationMs: 10 })).toBe(MIN_ITERATION_PHASE_LIMIT_MS);
  });

  it('gives import, setupTrial and teardownTrial a generous limit that grows with --timeout', () => {
    expect(limit({ change: { phase: 'setupTrial' } })).toBe(MIN_TRIAL_HOOK_LIMIT_MS);
    expect(
      limit({ change: { phase: 'teardownTrial' }, settings: { ...settings, timeoutMs: 3_600_000 } }),
    ).toBe(720_000);
  });

  it('never exceeds --timeout nor what a timer can wait', () => {
    expect(limit({ change: { phase: 'setupTrial' }, settings: { ...settings, timeoutMs: 2000 } })).toBe(2000);
    expect(limit({ settings: { ...settings, measurementTimeMs: 1e12, timeoutMs: 1e13 } })).toBe(
      MAX_DURATION_MS,
    );
  });

  it('names the phase a fork is in', () => {
    expect(describePhase({ phase: 'setupTrial' })).toBe('setupTrial');
    expect(describePhase({ phase: 'profilers.afterIteration', iteration: { warmup: false, index: 3 } })).toBe(
      'measurement iteration 3 (profilers.afterIteration)',
    );
  });
});

describe('progress watchdog', () => {
  const fast = { warmupIterations: 0, warmupTimeMs: 10, measurementIterations: 1, measurementTimeMs: 10 };
  const settings = { ...fast, batchSize: 1, warmupBatchSize: 1, forks: 1, timeoutMs: 60_000 };
  const limits = { minIterationPhaseMs: 300, minTrialHookMs: 300 };

  /** Watches a real process stuck in a phase; resolves with the failure and when it came. */
  async function watch(script: string): Promise<{ failure: ForkFailure; afterMs: number }> {
    const child = spawn(process.execPath, ['-e', `console.log('ready'); ${script}`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // Node's own start-up takes CPU time; the phase starts once the process runs the script.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const started = performance.now();
    try {
      return await new Promise((resolve) => {
        const watchdog = new ProgressWatchdog(
          child.pid,
          'avgt',
          settings,
          (failure) => resolve({ failure, afterMs: performance.now() - started }),
          limits,
        );
        watchdog.phase({ phase: 'invocations', iteration: { warmup: false, index: 2 } });
      });
    } finally {
      child.kill('SIGKILL');
    }
  }

  it('calls a fork that sits idle stuck at the limit, and gives one that keeps working ten times longer', async () => {
    const idle = await watch('setInterval(() => {}, 1000)');
    expect(idle.failure.phase).toBe('stalled');
    expect(idle.failure.message).toMatch(
      /^no progress for \d+\.\d s in measurement iteration 2 \(invocations\): the fork sat idle \(0\.\d\d s of CPU\)/,
    );
    const busy = await watch('for (;;) {}');
    expect(busy.failure.message).toMatch(
      /while the fork kept working \(\d+\.\d\d s of CPU\): one invocation/,
    );
    expect(busy.failure.message).not.toMatch(/--timeout/);
    // The busy one is never called stuck before 10× the limit. (When the idle one is called depends
    // on how late a loaded machine fires timers, so only its lower bound is certain.)
    expect(busy.afterMs).toBeGreaterThanOrEqual(3000);
    expect(idle.afterMs).toBeGreaterThanOrEqual(300);
  });
});
