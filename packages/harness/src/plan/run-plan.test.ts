import { describe, expect, it } from 'vitest';
import { choiceAxis, customAxis, integerAxis } from '../define/axis-types.js';
import { defineBenchmark, defineSuite } from '../define/definition.js';
import { isUsageError } from '../define/errors.js';
import { expandMatrix, parseParamFlags, type PlanOptions } from './run-plan.js';

const noop = { setupTrial: () => ({}), run: () => 1 };
const suite = defineSuite({
  name: 'pooled',
  database: 'postgres',
  description: 'test suite',
  axes: { dataSize: [1000, 10000, 100000], poolSize: [10, 30], strategy: ['copy', 'insert'] },
  quick: { axes: { dataSize: [1000] } },
  benchmarks: {
    insert: defineBenchmark({ description: 'insert', axes: ['dataSize', 'strategy'], mode: 'avgt', ...noop }),
    select: defineBenchmark({
      description: 'select',
      axes: ['poolSize'],
      mode: ['thrpt', 'sample'],
      ...noop,
    }),
    baseline: defineBenchmark({ description: 'nothing', axes: [], mode: 'ss', ...noop }),
  },
});

function rows(options: PlanOptions = {}): string[] {
  return expandMatrix(suite, options).map(
    (combination) =>
      `${combination.benchmarkName} ${combination.mode} ${Object.entries(combination.params)
        .map(([axis, value]) => `${axis}=${value}`)
        .join(',')}`,
  );
}

function usageMessage(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(isUsageError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parameter matrix', () => {
  it('expands the cartesian product of the axes each benchmark uses, first axis slowest', () => {
    expect(rows()).toEqual([
      'insert avgt dataSize=1000,strategy=copy',
      'insert avgt dataSize=1000,strategy=insert',
      'insert avgt dataSize=10000,strategy=copy',
      'insert avgt dataSize=10000,strategy=insert',
      'insert avgt dataSize=100000,strategy=copy',
      'insert avgt dataSize=100000,strategy=insert',
      'select thrpt poolSize=10',
      'select thrpt poolSize=30',
      'select sample poolSize=10',
      'select sample poolSize=30',
      'baseline ss ',
    ]);
  });

  it('narrows and replaces axes with -p, keeping the benchmarks that do not use them', () => {
    const overrides = parseParamFlags(['dataSize=1000,5000', 'strategy=copy']);
    expect(rows({ paramOverrides: overrides, benchmarkFilter: 'insert' })).toEqual([
      'insert avgt dataSize=1000,strategy=copy',
      'insert avgt dataSize=5000,strategy=copy',
    ]);
    expect(rows({ paramOverrides: parseParamFlags(['poolSize=30']) })).toHaveLength(6 + 1 + 1 + 1);
  });

  it('applies the quick axes, --mode and the -b filter against short and qualified names', () => {
    expect(rows({ quick: true, benchmarkFilter: '^insert$' })).toEqual([
      'insert avgt dataSize=1000,strategy=copy',
      'insert avgt dataSize=1000,strategy=insert',
    ]);
    expect(rows({ benchmarkFilter: '^pooled\\.baseline$', modes: ['avgt', 'thrpt'] })).toEqual([
      'baseline avgt ',
      'baseline thrpt ',
    ]);
  });

  it('rejects an unknown axis, naming the valid ones', () => {
    expect(usageMessage(() => rows({ paramOverrides: { rows: ['1'] } }))).toMatch(
      /-p rows: unknown axis; axes: dataSize, poolSize, strategy/,
    );
  });

  it('rejects an axis the selected benchmarks do not use', () => {
    expect(
      usageMessage(() => rows({ benchmarkFilter: 'select', paramOverrides: { dataSize: ['1'] } })),
    ).toMatch(/no selected benchmark uses this axis; axes of the selected benchmarks: poolSize/);
  });

  it('rejects unknown values of named axes and non-numbers for numeric axes', () => {
    expect(usageMessage(() => rows({ paramOverrides: { strategy: ['upsert'] } }))).toMatch(
      /strategy=upsert: unknown value; declared values: copy, insert/,
    );
    expect(usageMessage(() => rows({ paramOverrides: { dataSize: ['lots'] } }))).toMatch(/expected a number/);
  });

  it('rejects a filter that matches nothing, listing the benchmarks', () => {
    expect(usageMessage(() => rows({ benchmarkFilter: 'delete' }))).toBe(
      '-b delete matches no benchmark; benchmarks: insert, select, baseline',
    );
    expect(usageMessage(() => rows({ benchmarkFilter: '(' }))).toMatch(/not a valid regular expression/);
  });

  it('rejects malformed -p flags', () => {
    for (const flag of ['dataSize', '=1', 'dataSize=', 'dataSize=1,,2']) {
      expect(usageMessage(() => parseParamFlags([flag]))).toMatch(/expected axis=value1,value2/);
    }
  });

  it('checks -p values against declared axis types: the suite declares, a benchmark may narrow', () => {
    const typed = defineSuite({
      ...suite,
      axisTypes: {
        dataSize: integerAxis({ min: 1, max: 10_000_000 }),
        poolSize: integerAxis({ min: 1 }),
        strategy: choiceAxis(['copy', 'insert', 'unnest']),
      },
      benchmarks: {
        ...suite.benchmarks,
        select: defineBenchmark({
          description: 'select',
          axes: ['poolSize'],
          axisTypes: { poolSize: integerAxis({ min: 1, max: 100 }) },
          mode: 'avgt',
          ...noop,
        }),
      },
    });
    const plan = (flags: string[], filter?: string): number =>
      expandMatrix(typed, {
        paramOverrides: parseParamFlags(flags),
        ...(filter === undefined ? {} : { benchmarkFilter: filter }),
      }).length;
    const refusal = (flags: string[], filter?: string): string => usageMessage(() => plan(flags, filter));
    expect(refusal(['dataSize=-5'])).toBe('-p dataSize=-5: expected an integer from 1 to 10000000');
    expect(refusal(['dataSize=2.5'])).toMatch(/^-p dataSize=2\.5: expected an integer/);
    expect(refusal(['dataSize=1e12'])).toMatch(/^-p dataSize=1e12: expected an integer from 1 to 10000000/);
    expect(refusal(['dataSize=20000000'])).toMatch(/expected an integer from 1 to 10000000/);
    expect(refusal(['poolSize=0'])).toBe('-p poolSize=0: expected an integer ≥ 1');
    expect(refusal(['poolSize=500'])).toBe(
      '-p poolSize=500: expected an integer from 1 to 100 (benchmark select)',
    );
    expect(refusal(['strategy=upsert'])).toBe('-p strategy=upsert: expected one of copy, insert, unnest');
    // A declared name beyond the defaults is accepted; so is any value in range.
    expect(plan(['strategy=unnest', 'dataSize=5'], 'insert')).toBe(1);
    expect(plan(['poolSize=80'])).toBe(6 + 1 + 1);
  });

  it('accepts custom axis types and explains a refusal with their own message', () => {
    const timeouts = defineSuite({
      ...suite,
      axes: { ...suite.axes, acquireTimeout: ['none', '10ms'] },
      axisTypes: {
        acquireTimeout: customAxis('none or a duration such as 10ms', (value) => {
          if (value !== 'none' && !/^\d+ms$/.test(value))
            throw new Error(`${value} is not none or a duration`);
        }),
      },
      benchmarks: {
        wait: defineBenchmark({ description: 'wait', axes: ['acquireTimeout'], mode: 'avgt', ...noop }),
      },
    });
    expect(expandMatrix(timeouts, { paramOverrides: { acquireTimeout: ['50ms'] } })).toHaveLength(1);
    expect(usageMessage(() => expandMatrix(timeouts, { paramOverrides: { acquireTimeout: ['soon'] } }))).toBe(
      '-p acquireTimeout=soon: soon is not none or a duration',
    );
  });

  it('rejects a suite whose own defaults break its declared types, as a bug in the suite', () => {
    const broken = defineSuite({ ...suite, axisTypes: { poolSize: integerAxis({ min: 20 }) } });
    expect(() => expandMatrix(broken)).toThrow(/default value poolSize=10 does not fit its type/);
    let caught: unknown;
    try {
      expandMatrix(defineSuite({ ...suite, axisTypes: { rows: integerAxis() } }));
    } catch (error) {
      caught = error;
    }
    expect(isUsageError(caught)).toBe(false);
    expect((caught as Error).message).toMatch(/declares a type for axis "rows" that the suite does not have/);
  });

  it('rejects a benchmark that uses an axis the suite does not declare', () => {
    const broken = defineSuite({
      ...suite,
      benchmarks: { bad: defineBenchmark({ description: 'x', axes: ['nope'], mode: 'avgt', ...noop }) },
    });
    expect(() => expandMatrix(broken)).toThrow(/uses axis "nope"/);
  });

  describe('grids', () => {
    const gridSuite = defineSuite({
      ...suite,
      axes: { ...suite.axes, partitions: [1, 2, 4] },
      axisTypes: { partitions: integerAxis({ min: 1, max: 8 }) },
      quick: { axes: { dataSize: [1000], partitions: [4] } },
      benchmarks: {
        job: defineBenchmark({
          description: 'job',
          axes: ['dataSize', 'partitions', 'strategy'],
          mode: 'ss',
          grids: [{ dataSize: [100000] }, { dataSize: [1000, 10000], partitions: [2], strategy: ['copy'] }],
          ...noop,
        }),
      },
    });
    const gridRows = (options: PlanOptions = {}): string[] =>
      expandMatrix(gridSuite, options).map((combination) => Object.values(combination.params).join(' '));

    it('runs the union of the grids in cross-product order, each combination once', () => {
      expect(gridRows()).toEqual([
        '1000 2 copy',
        '10000 2 copy',
        '100000 1 copy',
        '100000 1 insert',
        '100000 2 copy',
        '100000 2 insert',
        '100000 4 copy',
        '100000 4 insert',
      ]);
      const overlapping = defineSuite({
        ...gridSuite,
        benchmarks: {
          job: defineBenchmark({
            ...gridSuite.benchmarks.job!,
            grids: [{ partitions: [1, 2] }, { partitions: [2, 4] }],
          }),
        },
      });
      expect(expandMatrix(overlapping)).toHaveLength(3 * 3 * 2);
    });

    it('lets -p and --quick replace an axis in every grid', () => {
      expect(gridRows({ paramOverrides: parseParamFlags(['partitions=8']) })).toEqual([
        '1000 8 copy',
        '10000 8 copy',
        '100000 8 copy',
        '100000 8 insert',
      ]);
      expect(gridRows({ paramOverrides: parseParamFlags(['dataSize=1000']) })).toEqual([
        '1000 1 copy',
        '1000 1 insert',
        '1000 2 copy',
        '1000 2 insert',
        '1000 4 copy',
        '1000 4 insert',
      ]);
      expect(gridRows({ quick: true })).toEqual(['1000 4 copy', '1000 4 insert']);
    });

    it('rejects grids on axes the benchmark does not use, empty grids, and values breaking the types', () => {
      const withGrids = (grids: readonly Record<string, readonly (string | number)[]>[]) =>
        defineSuite({
          ...gridSuite,
          benchmarks: { job: defineBenchmark({ ...gridSuite.benchmarks.job!, grids }) },
        });
      expect(() => expandMatrix(withGrids([{ poolSize: [10] }]))).toThrow(
        /grid on axis "poolSize" it does not use/,
      );
      expect(() => expandMatrix(withGrids([]))).toThrow(/empty list of grids/);
      expect(() => expandMatrix(withGrids([{ partitions: [] }]))).toThrow(/no values of axis "partitions"/);
      expect(() => expandMatrix(withGrids([{ partitions: [16] }]))).toThrow(
        /default value partitions=16 does not fit its type/,
      );
    });
  });
});
