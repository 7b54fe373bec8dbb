import { describe, expect, it } from 'vitest';
import { planNextForks, resolutionOf } from './adaptive-sampling.js';
import { compareDefaults, compareResults, DEFAULT_RESAMPLES } from './compare-results.js';
import type { ResultInput } from './model.js';

/** Forks whose means are exactly `forkMeans`, each with iterations ±0.5% around it. */
function forks(...forkMeans: number[]): number[][] {
  return forkMeans.map((value) => [value * 0.995, value, value * 1.005]);
}

function input(
  name: string,
  baseline: number[][],
  candidate: number[][],
  higherIsBetter = false,
): ResultInput {
  return {
    identity: {
      suite: 'pooled',
      benchmark: name,
      mode: higherIsBetter ? 'thrpt' : 'avgt',
      params: { size: '10' },
    },
    unit: higherIsBetter ? 'ops/s' : 'ms/op',
    higherIsBetter,
    baseline,
    candidate,
  };
}

describe('compareResults', () => {
  it('applies the documented defaults', () => {
    expect(compareDefaults()).toEqual({
      noiseThreshold: 0.05,
      falseDiscoveryRate: 0.05,
      confidence: 0.95,
      resamples: DEFAULT_RESAMPLES,
      noisyHalfWidth: 0.25,
    });
  });

  it('calls a 30% slowdown at 3 forks per side a regression, and the same on throughput an improvement', () => {
    const comparison = compareResults({
      results: [
        input('job', forks(100, 102, 98), forks(130, 133, 128)),
        input('contention', forks(100, 102, 98), forks(130, 133, 128), true),
      ],
    });
    const [time, throughput] = comparison.results;
    expect(time).toMatchObject({ verdict: 'regressed', level: 'fork' });
    expect(time?.baselineSize).toEqual({ forks: 3, iterations: 9 });
    expect(time?.ratio).toBeCloseTo(391 / 300, 12);
    expect(time?.ratioInterval[0]).toBeGreaterThan(1.05);
    expect(time?.ratioInterval[1]).toBeGreaterThan(time?.ratio ?? Infinity);
    expect(time?.pValue).toBeLessThan(0.01);
    expect(time?.qValue).toBeGreaterThanOrEqual(time?.pValue ?? 1);
    expect(throughput?.verdict).toBe('improved');
  });

  it('does not call a difference smaller than the noise threshold, however significant', () => {
    const comparison = compareResults({
      results: [input('job', forks(100, 100.2, 99.8), forks(103, 103.2, 102.8))],
    });
    expect(comparison.results[0]?.pValue).toBeLessThan(0.001);
    expect(comparison.results[0]?.verdict).toBe('~');
  });

  it('falls back to the iteration level when a side has a single fork', () => {
    const comparison = compareResults({
      results: [input('job', [[100, 101, 99, 100, 100]], [[120, 121, 119, 120, 120]])],
    });
    expect(comparison.results[0]).toMatchObject({ level: 'iteration', verdict: 'regressed' });
    expect(comparison.results[0]?.baselineSize).toEqual({ forks: 1, iterations: 5 });
  });

  it('says why a result cannot be compared and leaves it out of the correction', () => {
    const comparison = compareResults({
      results: [
        input('empty', [], forks(1, 2)),
        input('negative', forks(1, -2), forks(1, 2)),
        input('tiny', [[5]], [[6]]),
        input('fine', forks(100, 101, 99), forks(100, 101, 99)),
      ],
    });
    const [empty, negative, tiny, fine] = comparison.results;
    expect(empty).toMatchObject({ verdict: 'not comparable', reason: 'no baseline scores' });
    expect(negative?.reason).toContain('positive');
    expect(tiny?.reason).toContain('fewer than 2 iterations');
    expect(fine?.verdict).toBe('~');
    // The only tested result is its own family: q = p.
    expect(fine?.qValue).toBe(fine?.pValue);
  });

  it('is deterministic: the seed comes from the identity', () => {
    const results = [input('job', forks(100, 104, 97), forks(110, 106, 113))];
    const first = compareResults({ results }, { resamples: 500 });
    expect(compareResults({ results }, { resamples: 500 })).toEqual(first);
    const renamed = compareResults(
      { results: [{ ...results[0]!, identity: { ...results[0]!.identity, benchmark: 'other' } }] },
      { resamples: 500 },
    );
    expect(renamed.results[0]?.ratio).toBe(first.results[0]?.ratio);
    expect(renamed.results[0]?.ratioInterval).not.toEqual(first.results[0]?.ratioInterval);
  });

  it('computes the geometric mean of cost ratios per suite', () => {
    // Time ×2 and throughput ×0.5 both cost twice as much; a third result at ×1: geomean ∛4.
    const comparison = compareResults({
      results: [
        input('a', forks(10, 10, 10), forks(20, 20, 20)),
        input('b', forks(10, 10, 10), forks(5, 5, 5), true),
        input('c', forks(10, 10, 10), forks(10, 10, 10)),
        {
          ...input('d', forks(10, 10, 10), forks(40, 40, 40)),
          identity: { suite: 'reactive', benchmark: 'd', mode: 'ss', params: {} },
        },
      ],
    });
    expect(comparison.geomeans).toHaveLength(2);
    expect(comparison.geomeans[0]).toMatchObject({ suite: 'pooled', results: 3 });
    expect(comparison.geomeans[0]?.costRatio).toBeCloseTo(Math.cbrt(4), 12);
    expect(comparison.geomeans[1]?.costRatio).toBeCloseTo(4, 12);
  });
});

describe('adaptive sampling decision', () => {
  it('resolves called changes and intervals inside the band, and asks for more forks otherwise', () => {
    const comparison = compareResults({
      results: [
        input('changed', forks(100, 101, 99), forks(130, 131, 129)),
        input('inside', forks(100, 100.5, 99.5, 100, 100.2), forks(100.1, 100.4, 99.6, 100, 100.3)),
        input('straddles', forks(100, 110, 92), forks(104, 115, 96)),
        input('empty', [], forks(1, 2)),
      ],
    });
    const threshold = comparison.settings.noiseThreshold;
    expect(comparison.results.map((result) => resolutionOf(result, threshold))).toEqual([
      'changed',
      'unchanged',
      'unresolved',
      'not comparable',
    ]);
    expect(planNextForks(comparison)).toEqual({
      resolutions: ['changed', 'unchanged', 'unresolved', 'not comparable'],
      needMore: [2],
      exhausted: [],
    });
    expect(planNextForks(comparison, { maxForksPerSide: 3 })).toMatchObject({ needMore: [], exhausted: [2] });
  });

  describe('fork pairs that took turns in shared rounds', () => {
    // Each pair's ratio is 1.2 exactly while the pairs drift together by up to ±30%: paired, the
    // drift cancels; unpaired, it is all the two sides' spread.
    const baseline = forks(80, 100, 130, 90);
    const candidate = forks(96, 120, 156, 108);
    const rounds = ['r-0', 'r-1', 'r-2', 'r-3'];

    it('compares over the pairs: ratio, interval, p and the number of pairs', () => {
      const comparison = compareResults({
        results: [
          { ...input('paired', baseline, candidate), rounds: { baseline: rounds, candidate: rounds } },
        ],
      });
      const result = comparison.results[0]!;
      expect(result).toMatchObject({ level: 'paired', pairs: 4, verdict: 'regressed' });
      expect(result.ratio).toBeCloseTo(1.2, 12);
      expect(result.ratioInterval[0]).toBeCloseTo(1.2, 6);
      expect(result.ratioInterval[1]).toBeCloseTo(1.2, 6);
      expect(result.pValue).toBe(0);
      // The same forks without rounds: the drift makes the change invisible.
      const unpaired = compareResults({ results: [input('paired', baseline, candidate)] }).results[0]!;
      expect(unpaired).toMatchObject({ level: 'fork', verdict: '~' });
      expect(unpaired.pairs).toBeUndefined();
    });

    it('pairs forks by round, not by position, and leaves out forks without a partner', () => {
      const comparison = compareResults({
        results: [
          {
            ...input('shuffled', [...baseline, [500, 500, 500]], [...candidate].reverse()),
            rounds: { baseline: [...rounds, 'r-9'], candidate: [...rounds].reverse() },
          },
        ],
      });
      expect(comparison.results[0]).toMatchObject({ level: 'paired', pairs: 4 });
      expect(comparison.results[0]?.ratio).toBeCloseTo(1.2, 12);
    });

    it('falls back to forks when fewer than 3 pairs share a round', () => {
      const comparison = compareResults({
        results: [
          {
            ...input('two pairs', baseline.slice(0, 3), candidate.slice(0, 3)),
            rounds: { baseline: ['r-0', 'r-1', 'r-2'], candidate: ['r-0', 'r-1', 'r-7'] },
          },
        ],
      });
      expect(comparison.results[0]?.level).toBe('fork');
    });
  });
});
