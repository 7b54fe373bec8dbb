import { describe, expect, it } from 'vitest';
import {
  answersOfBenchmark,
  labelsOfParams,
  presentationProblems,
  type AnswerDeclaration,
} from './presentation.js';

const seedAnswer: AnswerDeclaration = {
  question: 'bulk or multi-row?',
  baseline: { benchmark: 'seed', where: { strategy: 'multiRow' } },
  candidate: { benchmark: 'seed', where: { strategy: 'bulk' } },
  per: ['dataSize'],
};
const benchmarks = { seed: { axes: ['dataSize', 'strategy'] }, limit: { axes: ['dataSize'] } };

describe('suite display declarations', () => {
  it('accepts declarations that name existing benchmarks and axes', () => {
    expect(
      presentationProblems(
        { axisValueLabels: { strategy: { bulk: 'COPY' } }, answers: [seedAnswer] },
        benchmarks,
      ),
    ).toEqual([]);
  });

  it('names every typo: an unknown benchmark, an axis the benchmark lacks, labels for no axis', () => {
    const problems = presentationProblems(
      {
        axisValueLabels: { stratgy: { bulk: 'COPY' } },
        answers: [
          { ...seedAnswer, candidate: { benchmark: 'sede' } },
          { ...seedAnswer, baseline: { benchmark: 'limit', where: { strategy: 'bulk' } } },
        ],
      },
      benchmarks,
    );
    expect(problems).toEqual([
      'display names for "stratgy", which no benchmark has',
      'answer "bulk or multi-row?": no benchmark "sede"',
      'answer "bulk or multi-row?": benchmark "limit" has no axis "strategy"',
    ]);
  });

  it("does not check a side made of another suite's results", () => {
    const crossSuite = { ...seedAnswer, baseline: { suite: 'pooled', benchmark: 'job' } };
    expect(presentationProblems({ answers: [crossSuite] }, benchmarks)).toEqual([]);
    expect(answersOfBenchmark([crossSuite], 'job')).toEqual([]);
    expect(answersOfBenchmark([seedAnswer, crossSuite], 'seed')).toEqual([
      { ...seedAnswer, order: 0 },
      { ...crossSuite, order: 1 },
    ]);
  });

  it("carries only the labels of a result's own values", () => {
    const labels = { strategy: { bulk: 'COPY', multiRow: 'multi-row INSERT' } };
    expect(labelsOfParams(labels, { strategy: 'bulk', dataSize: '1000' })).toEqual({ strategy: 'COPY' });
    expect(labelsOfParams(labels, { dataSize: '1000' })).toEqual({});
  });
});
