/**
 * Interleaved rounds through the real CLI and real forks: the combinations a declared answer
 * compares are alive together, each in its own process, and take turns iteration by iteration —
 * never two at work at the same moment; `--interleave 1` runs them one after another. Behaviour, not
 * timing: the assertions read which process logged which iteration, and whether two intervals overlap.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import { QUESTION_FORKS } from '../src/run/question-schedule.js';
import { runDbbench } from './run-dbbench.js';

const TURNS_SUITE = fileURLToPath(new URL('./fixtures/turns-suite.js', import.meta.url));

/** One logged iteration. */
interface Turn {
  readonly pid: number;
  readonly side: string;
  readonly start: number;
  readonly end: number;
}

async function turnsOf(log: string): Promise<Turn[]> {
  const text = await readFile(log, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, side, start, end] = line.split(' ');
      return { pid: Number(pid), side: side ?? '', start: Number(start), end: Number(end) };
    })
    .sort((a, b) => a.start - b.start);
}

/** The processes in the order they first logged, with each one's first and last moment. */
function lifetimes(turns: readonly Turn[]): { pid: number; first: number; last: number }[] {
  const byPid = new Map<number, { pid: number; first: number; last: number }>();
  for (const turn of turns) {
    const known = byPid.get(turn.pid);
    if (known === undefined) byPid.set(turn.pid, { pid: turn.pid, first: turn.start, last: turn.end });
    else known.last = Math.max(known.last, turn.end);
  }
  return [...byPid.values()];
}

describe('interleaved rounds', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-turns-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps the two sides of a line alive together, taking turns, never at work at once', async () => {
    const out = join(directory, 'interleaved.json');
    const log = join(directory, 'interleaved.log');
    const run = await runDbbench(['run', TURNS_SUITE, '-o', out, '--budget', '0'], {
      DBBENCH_TURNS_LOG: log,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const turns = await turnsOf(log);
    // QUESTION_FORKS rounds (a question compares them) × 2 sides × (1 warmup + 4 measured) iterations.
    expect(turns).toHaveLength(QUESTION_FORKS * 2 * 5);
    for (let index = 1; index < turns.length; index++) {
      expect(turns[index]!.start).toBeGreaterThanOrEqual(turns[index - 1]!.end);
    }
    const processes = lifetimes(turns);
    expect(processes).toHaveLength(2 * QUESTION_FORKS);
    for (let round = 0; round < QUESTION_FORKS; round++) {
      const [first, second] = processes.slice(round * 2, round * 2 + 2);
      // Alive together: the second started its iterations before the first finished its own.
      expect(second!.first).toBeLessThan(first!.last);
      const roundTurns = turns.filter((turn) => turn.pid === first!.pid || turn.pid === second!.pid);
      // Turn by turn: each slot round gives both one iteration, so neither runs two in a row more
      // than once (at a slot round's border) in a row.
      const sides = roundTurns.map((turn) => turn.side);
      for (let index = 2; index < sides.length; index++) {
        expect(sides[index] === sides[index - 1] && sides[index - 1] === sides[index - 2]).toBe(false);
      }
    }
    const report = await readReport(out);
    const [a, b] = ['a', 'b'].map((side) => report.find((result) => result.params?.side === side));
    expect(a?.dbbench.forkRounds).toEqual(b?.dbbench.forkRounds);
    expect(run.stdout).toContain('taking turns as [a]');
  }, 120_000);

  it('runs them one after another with --interleave 1', async () => {
    const out = join(directory, 'one-at-a-time.json');
    const log = join(directory, 'one-at-a-time.log');
    const run = await runDbbench(['run', TURNS_SUITE, '-o', out, '--budget', '0', '--interleave', '1'], {
      DBBENCH_TURNS_LOG: log,
    });
    expect(run.code).toBe(0);
    const processes = lifetimes(await turnsOf(log));
    expect(processes).toHaveLength(2 * QUESTION_FORKS);
    for (let index = 1; index < processes.length; index++) {
      expect(processes[index]!.first).toBeGreaterThanOrEqual(processes[index - 1]!.last);
    }
    expect(run.stdout).not.toContain('taking turns');
  }, 120_000);
});
