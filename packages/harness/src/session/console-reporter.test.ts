import { describe, expect, it } from 'vitest';
import { ConsoleReporter, noisyAdvice, resultTable } from './console-reporter.js';
import type { DbbenchResult } from '../report/report-schema.js';
import { reportResult } from '../../test/fixtures/report-result.js';

function result(name: string, score: number, error: number, noisy: boolean): DbbenchResult {
  return reportResult(score, {
    result: { benchmark: `pooled.${name}`, measurementIterations: 5 },
    primaryMetric: {
      scoreError: error,
      scoreConfidence: [score - error, score + error],
      scorePercentiles: {},
      rawData: [[score, score, score, score, score]],
    },
    dbbench: {
      benchmarkName: name,
      description: '',
      axes: [],
      git: { commit: 'abc', dirty: false },
      finishedAt: '2026-01-01T00:00:00.000Z',
      runInfo: {},
      noisy,
    },
  });
}

describe('console output of noisy results', () => {
  it('gives the advice with how much the forks differ', () => {
    // Fork means 8 and 12: sd 2.83 over mean 10.
    expect(
      noisyAdvice({
        rawData: [
          [8, 8],
          [12, 12],
        ],
      }),
    ).toBe(
      "noisy: the forks' means differ by 28% (coefficient of variation), more than 10%; run more forks (--forks), or on a quieter machine",
    );
  });

  it('prints the advice under a noisy result only', () => {
    const lines: string[] = [];
    const reporter = new ConsoleReporter({ write: (text) => void lines.push(text), color: false });
    reporter.combinationFinished(result('quiet', 10, 0.5, false));
    expect(lines.join('')).not.toContain('noisy');
    reporter.combinationFinished(result('wild', 10, 4, true));
    expect(lines.join('')).toContain("  noisy: the forks' means differ");
  });

  it('marks noisy rows in the closing table, and adds no column when none is noisy', () => {
    const table = resultTable([result('quiet', 10, 0.5, false), result('wild', 10, 4, true)]);
    expect(table[1]).not.toContain('noisy');
    expect(table[2]).toMatch(/ms\/op\s+noisy$/);
    expect(resultTable([result('quiet', 10, 0.5, false)]).join('\n')).not.toContain('noisy');
  });
});
