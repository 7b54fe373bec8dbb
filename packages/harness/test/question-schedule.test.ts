/**
 * The question-driven schedule through the real CLI and real forks: the combinations a declared
 * answer compares run in shared rounds (QUESTION_FORKS each), the rest keep the suite's forks, and a budget
 * adds fork pairs only to a line still undetermined, up to its limit. Behaviour, not timing: the
 * assertions count forks and rounds and read the order of the console's benchmark headers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../src/report/report-io.js';
import type { DbbenchResult } from '../src/report/report-schema.js';
import {
  answerEstimate,
  answerOutcome,
  MAX_PAIRS_PER_LINE,
  type ForkSeries,
} from '../src/compare/answer-statistics.js';
import { QUESTION_FORKS, REQUIRED_ROUNDS } from '../src/run/question-schedule.js';
import { MIN_FORKS_FOR_INTERVAL } from '../src/compare/fork-statistics.js';
import { runDbbench } from './run-dbbench.js';

const QUESTION_SUITE = fileURLToPath(new URL('./fixtures/question-suite.js', import.meta.url));
const LADDER_SUITE = fileURLToPath(new URL('./fixtures/ladder-suite.js', import.meta.url));
const APART_SUITE = fileURLToPath(new URL('./fixtures/apart-suite.js', import.meta.url));

function result(
  report: readonly DbbenchResult[],
  benchmark: string,
  params: Record<string, string>,
): DbbenchResult {
  const found = report.find(
    (entry) =>
      entry.benchmark === `questions.${benchmark}` &&
      Object.entries(params).every(([axis, value]) => entry.params?.[axis] === value),
  );
  if (found === undefined) throw new Error(`no ${benchmark} ${JSON.stringify(params)}`);
  return found;
}

describe('question-driven schedule', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-questions-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('runs compared combinations in shared rounds and the others back to back, with no budget', async () => {
    const out = join(directory, 'first-pass.json');
    const run = await runDbbench(['run', QUESTION_SUITE, '-o', out, '--budget', '0']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = await readReport(out);
    const fast = result(report, 'steady', { workMs: '2' });
    const slow = result(report, 'steady', { workMs: '4' });
    const alone = result(report, 'alone', {});
    expect(fast.primaryMetric.rawData).toHaveLength(QUESTION_FORKS);
    expect(slow.primaryMetric.rawData).toHaveLength(QUESTION_FORKS);
    expect(alone.primaryMetric.rawData).toHaveLength(2);
    expect(fast.forks).toBe(QUESTION_FORKS);
    // The two sides of the line ran in the same rounds; the lone one in rounds of its own.
    expect(fast.dbbench.forkRounds).toEqual(slow.dbbench.forkRounds);
    expect(new Set(fast.dbbench.forkRounds).size).toBe(QUESTION_FORKS);
    expect(alone.dbbench.forkRounds?.some((round) => fast.dbbench.forkRounds?.includes(round))).toBe(false);
    // Headers in time order: the two steady combinations alternate round by round (never three of one in a row).
    const steady = [...run.stdout.matchAll(/# Parameters: \(workMs = (\d)\)\n/g)].map((match) => match[1]);
    expect(steady).toHaveLength(2 * QUESTION_FORKS);
    for (let round = 0; round < QUESTION_FORKS; round++) {
      expect(new Set(steady.slice(round * 2, round * 2 + 2))).toEqual(new Set(['2', '4']));
    }
    expect(run.stdout).not.toContain('# Answers: one more fork pair');
    // The lone one's first fork runs with every combination's first; its second after every question
    // round, so under a budget the forks that settle answers go first.
    const headers = [...run.stdout.matchAll(/# Benchmark: questions\.(\w+)\n/g)].map((match) => match[1]);
    expect(headers.filter((name) => name === 'alone')).toHaveLength(2);
    expect(headers.indexOf('alone')).toBeLessThan(headers.lastIndexOf('steady'));
    expect(headers.at(-1)).toBe('alone');
  }, 120_000);

  it('spends a budget on the undetermined line only, a pair at a time, up to its limit', async () => {
    const out = join(directory, 'budget.json');
    const run = await runDbbench([
      'run',
      QUESTION_SUITE,
      '-o',
      out,
      '--budget',
      '50s',
      '-b',
      'steady|jitter',
    ]);
    expect(run.code).toBe(0);
    const report = await readReport(out);
    const a = result(report, 'jitter', { label: 'a' });
    const b = result(report, 'jitter', { label: 'b' });
    const added = run.stdout.match(/# Answers: one more fork pair for "a or b\?"/g) ?? [];
    const series = (entry: DbbenchResult, forks: number): ForkSeries => ({
      rawData: entry.primaryMetric.rawData.slice(0, forks),
      rounds: (entry.dbbench.forkRounds ?? []).slice(0, forks),
    });
    // Forks of jitter vary by up to 4x: the first pass's pairs never settle it (2 pairs alone give
    // no interval at all).
    const firstPass = answerEstimate(series(a, QUESTION_FORKS), series(b, QUESTION_FORKS));
    const forks = a.primaryMetric.rawData.length;
    expect(b.primaryMetric.rawData.length).toBe(forks);
    expect(forks).toBe(QUESTION_FORKS + added.length);
    expect(a.dbbench.forkRounds).toEqual(b.dbbench.forkRounds);
    if (answerOutcome(firstPass!) === 'undetermined') expect(added.length).toBeGreaterThan(0);
    else expect(added).toHaveLength(0);
    // It stops when the line settles, at the pair limit, or when the budget is spent — never past the limit.
    expect(forks).toBeLessThanOrEqual(MAX_PAIRS_PER_LINE);
    const final = answerOutcome(answerEstimate(series(a, forks), series(b, forks))!);
    if (final === 'undetermined' && forks < MAX_PAIRS_PER_LINE) expect(run.stdout).toContain('(--budget)');
    // The 2x line got a pair only while it was undetermined: 3 pairs decide it on a quiet machine (none
    // added); on a loaded one each pair it got was asked for by the pairs before it, none past settling.
    const steadyAdded = run.stdout.match(/# Answers: one more fork pair for "2 ms or 4 ms\?"/g) ?? [];
    const fast = result(report, 'steady', { workMs: '2' });
    const slow = result(report, 'steady', { workMs: '4' });
    expect(fast.primaryMetric.rawData).toHaveLength(QUESTION_FORKS + steadyAdded.length);
    for (let pairs = QUESTION_FORKS; pairs < QUESTION_FORKS + steadyAdded.length; pairs++) {
      expect(answerOutcome(answerEstimate(series(slow, pairs), series(fast, pairs))!)).toBe('undetermined');
    }
  }, 180_000);

  it('drops the rounds after every combination’s first once the budget is spent, and adds no pairs', async () => {
    const out = join(directory, 'spent.json');
    // The first rounds alone take longer than this budget.
    const run = await runDbbench(['run', QUESTION_SUITE, '-o', out, '--budget', '1s', '-b', 'steady|jitter']);
    expect(run.code).toBe(0);
    const report = await readReport(out);
    const a = result(report, 'jitter', { label: 'a' });
    const b = result(report, 'jitter', { label: 'b' });
    // Every combination keeps its first fork, whatever the budget; nothing after it fits.
    for (const entry of report) expect(entry.primaryMetric.rawData).toHaveLength(REQUIRED_ROUNDS);
    expect(a.forks).toBe(REQUIRED_ROUNDS);
    expect(a.dbbench.forkRounds).toEqual(b.dbbench.forkRounds);
    expect(run.stdout).toMatch(/# Answers: the time budget is spent: \d+ later fork\(s\) of the first pass/);
    expect(run.stdout).not.toContain('# Answers: one more fork pair');
  }, 120_000);

  it('keeps the forks a side compared with another suite needs for an interval when the budget is spent', async () => {
    const out = join(directory, 'apart.json');
    // Spent before the first pass ends, on any machine.
    const run = await runDbbench(['run', APART_SUITE, '-o', out, '--budget', '1ms']);
    expect(run.code).toBe(0);
    const report = await readReport(out);
    const forksOf = (benchmark: string, params: Record<string, string> = {}): number | undefined =>
      report.find(
        (entry) =>
          entry.benchmark === `apart.${benchmark}` &&
          Object.entries(params).every(([axis, value]) => entry.params?.[axis] === value),
      )?.primaryMetric.rawData.length;
    // Sides of a line across suites: their own suite's answer, and one named for another suite's.
    expect(forksOf('streamed', { label: 'a' })).toBe(MIN_FORKS_FOR_INTERVAL);
    expect(forksOf('listed')).toBe(MIN_FORKS_FOR_INTERVAL);
    // The rest keep only what runs whatever the budget.
    expect(forksOf('streamed', { label: 'b' })).toBe(REQUIRED_ROUNDS);
    expect(forksOf('plain')).toBe(REQUIRED_ROUNDS);
    expect(run.stdout).toMatch(
      /# Answers: the time budget is spent: \d+ later fork\(s\) of the first pass are not run; their lines keep the forks they have \(--budget\); 4 fork\(s\) of sides compared with another suite's results still run/,
    );
  }, 120_000);

  it('runs no question round beyond a combination’s own forks once every line it is a side of is settled', async () => {
    const out = join(directory, 'ladder.json');
    const run = await runDbbench(['run', LADDER_SUITE, '-o', out, '--budget', '0']);
    expect(run.code).toBe(0);
    const report = await readReport(out);
    expect(report).toHaveLength(8);
    const skipped = run.stdout.match(/# Answers: no fork 3 of ladder\.timer/g) ?? [];
    // Four lines of a known 4x share a spread: two pairs decide them (a loaded machine may leave one
    // open, whose two combinations then get their third fork).
    expect(skipped.length).toBeGreaterThanOrEqual(6);
    for (const result of report) {
      const forks = result.primaryMetric.rawData.length;
      expect(forks === 2 || forks === 3).toBe(true);
    }
    const withTwo = report.filter((result) => result.primaryMetric.rawData.length === 2);
    expect(withTwo).toHaveLength(skipped.length);
  }, 120_000);

  it('keeps the user’s --forks and runs no rounds beyond them', async () => {
    const out = join(directory, 'forks.json');
    const run = await runDbbench([
      'run',
      QUESTION_SUITE,
      '-o',
      out,
      '--forks',
      '1',
      '-b',
      'steady',
      '--budget',
      '0',
    ]);
    expect(run.code).toBe(0);
    const report = await readReport(out);
    expect(result(report, 'steady', { workMs: '2' }).primaryMetric.rawData).toHaveLength(1);
  }, 60_000);
});
