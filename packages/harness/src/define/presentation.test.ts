import { describe, expect, it } from 'vitest';
import {
  answersOfBenchmark,
  chartsOfBenchmark,
  labelsOfParams,
  presentationProblems,
  type AnswerDeclaration,
  type ChartDeclaration,
} from './presentation.js';

const seedChart: ChartDeclaration = {
  name: 'rates',
  title: 'Rows per second by size',
  benchmark: 'seed',
  metric: 'rows/s',
  x: 'dataSize',
  series: 'strategy',
  caption: 'How each strategy scales.',
};

const seedAnswer: AnswerDeclaration = {
  question: 'bulk or multi-row?',
  baseline: { benchmark: 'seed', where: { strategy: 'multiRow' } },
  candidate: { benchmark: 'seed', where: { strategy: 'bulk' } },
  per: ['dataSize'],
};
const benchmarks = { seed: { axes: ['dataSize', 'strategy'] }, limit: { axes: ['dataSize'] } };

describe('declared charts', () => {
  it('accepts a chart on existing axes and carries it only on its own benchmark', () => {
    expect(presentationProblems({ charts: [seedChart] }, benchmarks)).toEqual([]);
    expect(chartsOfBenchmark([seedChart], 'seed')).toEqual([seedChart]);
    expect(chartsOfBenchmark([seedChart], 'limit')).toEqual([]);
  });

  it('names an unknown benchmark, an axis the benchmark lacks and a name used twice', () => {
    const problems = presentationProblems(
      {
        charts: [
          seedChart,
          { ...seedChart, title: 'again' },
          { ...seedChart, name: 'typo', benchmark: 'sede' },
          { ...seedChart, name: 'limit', benchmark: 'limit', where: { strategy: 'bulk' } },
        ],
      },
      benchmarks,
    );
    expect(problems).toEqual([
      'chart "rates" of "seed" is declared twice',
      'chart "Rows per second by size": no benchmark "sede"',
      'chart "Rows per second by size": benchmark "limit" has no axis "strategy"',
      'chart "Rows per second by size": benchmark "limit" has no axis "strategy"',
    ]);
  });
});

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
