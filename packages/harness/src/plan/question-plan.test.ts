import { describe, expect, it } from 'vitest';
import type { BenchmarkDefinition, SuiteDefinition } from '../define/definition.js';
import type { AnswerDeclaration } from '../define/presentation.js';
import { plannedLines } from './question-plan.js';
import type { Combination } from './run-plan.js';

const rateAt = (rate: string, poolSize: string): Combination => ({
  benchmarkName: 'rate',
  benchmark: {} as BenchmarkDefinition,
  mode: 'thrpt',
  params: { rate, poolSize },
});

const poolQuestion: AnswerDeclaration = {
  question: 'A pool of 60 or 10?',
  baseline: { benchmark: 'rate', where: { poolSize: '10' } },
  candidate: { benchmark: 'rate', where: { poolSize: '60' } },
  per: ['rate'],
  metric: 'latency.p99',
};

const boundQuestion: AnswerDeclaration = {
  question: 'At what rate does the p99 pass 10 ms?',
  baseline: { benchmark: 'rate', where: { poolSize: '10' } },
  candidate: { benchmark: 'rate', where: { poolSize: '10' } },
  metric: 'latency.p99',
  crossing: { along: 'rate', bound: 10 },
};

describe('plannedLines', () => {
  it('lays pair questions over the plan and leaves bound questions (crossing) out: they pair nothing', () => {
    const plan = [rateAt('500', '10'), rateAt('500', '60'), rateAt('2000', '10'), rateAt('2000', '60')];
    const suite = {
      name: 'demo',
      display: { answers: [boundQuestion, poolQuestion] },
    } as unknown as SuiteDefinition;
    const lines = plannedLines(suite, plan);
    expect(lines.map((line) => line.declaration.question)).toEqual([
      'A pool of 60 or 10?',
      'A pool of 60 or 10?',
    ]);
    expect(lines.map((line) => [line.baseline, line.candidate])).toEqual([
      [[0], [1]],
      [[2], [3]],
    ]);
  });
});
