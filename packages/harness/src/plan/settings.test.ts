import { describe, expect, it } from 'vitest';
import { benchmarkIterations, DEFAULT_SETTINGS, resolveSettings } from './settings.js';

describe('iteration settings', () => {
  it('apply layers in order, later ones winning field by field', () => {
    const resolved = resolveSettings(
      { measurementIterations: 7 },
      { forks: 3 },
      { measurementIterations: 2 },
    );
    expect(resolved).toEqual({ ...DEFAULT_SETTINGS, measurementIterations: 2, forks: 3 });
  });

  it('let a benchmark choose its iterations per combination, so long combinations take fewer', () => {
    const perCombination = (params: Readonly<Record<string, string>>) =>
      Number(params['dataSize']) >= 100_000 ? { measurementIterations: 2 } : { measurementIterations: 5 };
    expect(benchmarkIterations(perCombination, { dataSize: '100000' })).toEqual({ measurementIterations: 2 });
    expect(benchmarkIterations(perCombination, { dataSize: '1000' })).toEqual({ measurementIterations: 5 });
    expect(benchmarkIterations({ forks: 2 }, { dataSize: '1' })).toEqual({ forks: 2 });
    expect(benchmarkIterations(undefined, {})).toBeUndefined();
  });
});
