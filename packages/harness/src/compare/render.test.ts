import { describe, expect, it } from 'vitest';
import { compareResults } from './compare-results.js';
import type { ResultInput } from './model.js';
import { renderConsole } from './render-console.js';
import { comparisonJson, renderJson } from './render-json.js';
import { renderMarkdown } from './render-markdown.js';

function forks(...forkMeans: number[]): number[][] {
  return forkMeans.map((value) => [value * 0.995, value, value * 1.005]);
}

function result(benchmark: string, baseline: number[][], candidate: number[][]): ResultInput {
  return {
    identity: { suite: 'pooled', benchmark, mode: 'avgt', params: { dataSize: '1000' } },
    unit: 'ms/op',
    higherIsBetter: false,
    baseline,
    candidate,
  };
}

const comparison = compareResults(
  {
    results: [
      result('same', forks(100, 101, 99), forks(100, 101, 99)),
      result('slower', forks(100, 101, 99), forks(120, 121, 119)),
      result('faster', forks(100, 101, 99), forks(60, 61, 59)),
      result('single', [[10, 10.1, 9.9, 10, 10]], [[10, 10.1, 9.9, 10, 10.1]]),
      result('wild', forks(100, 160, 60), forks(100, 170, 55)),
      result('missing', [], forks(1, 2)),
      {
        ...result('job', forks(100, 101, 99), forks(100, 101, 99)),
        counters: {
          statements: { unit: '/op', baseline: [[44], [44], [44]], candidate: [[64], [64], [64]] },
        },
        deterministicCounters: ['statements'],
      },
    ],
    context: {
      machine: 'Test CPU, 2 cores, Node v20',
      baseline: { commit: 'aaaaaaa', label: 'main' },
      candidate: { commit: 'bbbbbbb', label: 'HEAD', dirty: true },
    },
  },
  { resamples: 500 },
);

describe('Markdown rendering', () => {
  const markdown = renderMarkdown(comparison);
  const lines = markdown.split('\n');

  it('opens with the verdict counts', () => {
    expect(lines[0]).toBe('### dbbench compare: 1 regressed, 1 improved, 4 unchanged (~), 1 not comparable');
  });

  it('lists the called changes first, the largest first, with ratio, interval, p, q and n', () => {
    const tableStart = lines.indexOf('| result | ratio | 95% CI | p | q | n | verdict |');
    expect(tableStart).toBe(2);
    expect(lines[tableStart + 2]).toMatch(
      /^\| pooled\/faster:avgt dataSize=1000 \| 0\.600× \| \[0\.\d{3}, 0\.\d{3}\] \| .+ \| 3×3\+3×3 \| improved \|$/,
    );
    expect(lines[tableStart + 3]).toMatch(
      /^\| pooled\/slower:avgt dataSize=1000 \| 1\.200× .* \| regressed \|$/,
    );
  });

  it('reports counter changes exactly', () => {
    expect(markdown).toContain('- pooled/job:avgt dataSize=1000: statements 44 → 64 /op (+45%)');
  });

  it('folds the unchanged results, with marks for single forks and noisy intervals', () => {
    expect(markdown).toContain('4 results unchanged (~); 1 not comparable.');
    const details = markdown.slice(markdown.indexOf('<details>'), markdown.indexOf('</details>'));
    expect(details).toContain('pooled/same:avgt');
    expect(details).toContain('pooled/single:avgt dataSize=1000 †');
    expect(details).toMatch(/pooled\/wild:avgt .*~, noisy/);
    expect(details).toContain('not comparable: no baseline scores');
    expect(markdown).toContain('† single fork: interval underestimates run-to-run noise.');
    expect(markdown).toContain(
      'noisy: interval wider than ±25%; run more forks or iterations, or on a quieter machine.',
    );
  });

  it('closes with the geometric mean, the rule, and what was compared where', () => {
    expect(markdown).toMatch(/\| pooled \| 6 \| [−+]\d+\.\d% \((better|worse)\) \|/);
    expect(markdown).toContain('A change is called when q ≤ 0.05');
    expect(lines.at(-2)).toBe(
      'Baseline `aaaaaaa` (main), candidate `bbbbbbb` (HEAD), uncommitted changes; Test CPU, 2 cores, Node v20.',
    );
    expect(markdown.endsWith('\n')).toBe(true);
  });
});

describe('JSON rendering', () => {
  it('writes one entry per result with the documented fields, null for what could not be computed', () => {
    const document = comparisonJson(comparison);
    expect(document.results).toHaveLength(7);
    const slower = document.results[1];
    expect(Object.keys(slower ?? {})).toEqual(
      expect.arrayContaining([
        'suite',
        'benchmark',
        'mode',
        'params',
        'verdict',
        'ratio',
        'ratioInterval',
        'pValue',
        'qValue',
        'forks',
      ]),
    );
    expect(slower).toMatchObject({
      suite: 'pooled',
      benchmark: 'slower',
      verdict: 'regressed',
      forks: [3, 3],
    });
    expect(document.results[3]?.note).toBe('single fork: interval underestimates run-to-run noise');
    expect(document.results[5]).toMatchObject({
      verdict: 'not comparable',
      ratioInterval: [null, null],
      pValue: null,
    });
    expect(document.counterChanges[0]).toMatchObject({
      benchmark: 'job',
      counter: 'statements',
      baseline: 44,
      candidate: 64,
    });
    expect(JSON.parse(renderJson(comparison))).toEqual(JSON.parse(JSON.stringify(document)));
  });
});

describe('console rendering', () => {
  it('prints the counts, then aligned rows with the called changes first', () => {
    const lines = renderConsole(comparison);
    expect(lines[0]).toBe('1 regressed, 1 improved, 4 unchanged (~), 1 not comparable');
    expect(lines[2]).toMatch(/^result\s+ratio\s+95% CI\s+p\s+q\s+n\s+verdict$/);
    expect(lines[3]).toMatch(/^pooled\/faster:avgt dataSize=1000\s+0\.600×/);
    expect(lines[4]).toMatch(/^pooled\/slower:avgt/);
    // Aligned: the ratio column ends at the same position on every row.
    const ratioEnd = (line: string): number => line.indexOf('×');
    expect(new Set(lines.slice(3, 8).map(ratioEnd)).size).toBe(1);
    expect(lines).toContain('  pooled/job:avgt dataSize=1000: statements 44 → 64 /op (+45%)');
    expect(lines.some((line) => line.startsWith('geomean pooled (6 results): '))).toBe(true);
  });
});

describe('rendering fork pairs that took turns', () => {
  const rounds = { baseline: ['r-0', 'r-1', 'r-2'], candidate: ['r-0', 'r-1', 'r-2'] };
  const paired = (benchmark: string, candidate: number[][]): ResultInput => ({
    ...result(benchmark, forks(100, 110, 90), candidate),
    rounds,
  });

  it('says only how pairs are compared when every result is paired, with the pairs in the JSON', () => {
    const all = compareResults({
      results: [paired('slower', forks(120, 132, 108)), paired('same', forks(100, 110, 90))],
    });
    const markdown = renderMarkdown(all);
    expect(markdown).toContain("ratio, interval and p come from the pairs' log ratios");
    expect(markdown).not.toContain('hierarchical bootstrap');
    expect(comparisonJson(all).results.map((entry) => [entry.level, entry.pairs])).toEqual([
      ['paired', 3],
      ['paired', 3],
    ]);
    expect(renderConsole(all).at(-1)).toMatch(/^paired where 3 or more fork pairs/);
  });

  it('keeps the unpaired rule and adds a note when only some results are paired', () => {
    const mixed = compareResults({
      results: [
        paired('slower', forks(120, 132, 108)),
        result('apart', forks(100, 101, 99), forks(100, 101, 99)),
      ],
    });
    const markdown = renderMarkdown(mixed);
    expect(markdown).toContain('interval: hierarchical bootstrap');
    expect(markdown).toContain('Paired where 3 or more fork pairs');
  });
});
