import type { SuiteDefinition } from '@dbbench/harness';
import { describe, expect, it } from 'vitest';
import { readmeTableProblems } from './readme-tables.js';

const benchmark = (axes: string[], mode: 'ss' | 'thrpt') =>
  ({ description: '', axes, mode, setupTrial: () => undefined, run: () => undefined }) as const;

const SUITE = {
  name: 'demo',
  database: 'none',
  description: '',
  axes: { dataSize: [1000, 10000], poolSize: [10, 30] },
  quick: { axes: { dataSize: [1000] } },
  benchmarks: { load: benchmark(['dataSize'], 'ss'), query: benchmark(['poolSize'], 'thrpt') },
} as unknown as SuiteDefinition;

const README = `
| benchmark | mode   | axes     | timed |
| --------- | ------ | -------- | ----- |
| \`load\`  | ss, ms | dataSize | rows  |
| \`query\` | thrpt  | poolSize | calls |

| axis       | default     | used by | quick |
| ---------- | ----------- | ------- | ----- |
| \`dataSize\` | 1000, 10000 | load    | 1000  |
| \`poolSize\` | 10, 30 (only \`query\`) | query | 10, 30 |
`;

describe('README tables against the suite definition', () => {
  it('finds nothing to say when they agree', () => {
    expect(readmeTableProblems(README, SUITE)).toEqual([]);
  });

  it('names every cell that disagrees', () => {
    const drifted = README.replace('| dataSize | rows', '| dataSize, poolSize | rows')
      .replace('| thrpt  |', '| avgt   |')
      .replace('| 1000, 10000 | load    | 1000  |', '| 1000, 100000 | load, query | 10000 |');
    expect(readmeTableProblems(drifted, SUITE)).toEqual([
      'benchmark table: load has axes dataSize, the README says dataSize, poolSize',
      'benchmark table: query runs in thrpt, the README says avgt',
      'axis table: dataSize defaults to 1000, 10000, the README says 1000, 100000',
      'axis table: dataSize is used by load, the README says load, query',
      'axis table: dataSize runs 1000 in the quick profile, the README says 10000',
    ]);
  });

  it('names a benchmark or an axis the README leaves out, and a README without the tables', () => {
    const short = README.split('\n')
      .filter((line) => !line.includes('`query`') && !line.includes('`poolSize`'))
      .join('\n');
    expect(readmeTableProblems(short, SUITE)).toEqual([
      'benchmark table: query is missing',
      'axis table: poolSize is missing',
    ]);
    expect(readmeTableProblems('# nothing here', SUITE)).toEqual([
      'no benchmark table (columns benchmark, axes) in the README',
      'no axis table (columns axis, default) in the README',
    ]);
  });
});
