import { describe, expect, it } from 'vitest';
import { chooseScale, scoreChartSpec, type ScoreChartInput } from './score-chart-spec.js';

interface Layer {
  mark: { type: string };
  encoding: Record<string, { field?: string; type?: string; scale?: { type: string } }>;
}
interface Spec {
  facet?: unknown;
  layer?: Layer[];
  spec?: { layer: Layer[] };
  data: { values: Record<string, unknown>[] };
}

const input: ScoreChartInput = {
  title: 't',
  subtitle: 's',
  points: [
    { x: 1000, series: 'a', score: 5, low: 4, high: 6 },
    { x: 10000, series: 'a', score: 50, low: 45, high: 55 },
    { x: 1000, series: 'b', score: 7 },
  ],
  x: { title: 'size', order: [1000, 10000] },
  connect: true,
  yTitle: 'ms/op',
  series: { title: 'kind', order: ['a', 'b'] },
};

describe('scoreChartSpec', () => {
  it('draws an error bar of the interval beside every score, and no panel unless asked', () => {
    const spec = scoreChartSpec(input) as unknown as Spec;
    expect(spec.facet).toBeUndefined();
    const [scores, bars] = spec.layer!;
    expect(scores!.mark.type).toBe('line');
    expect(bars!.mark.type).toBe('errorbar');
    expect(bars!.encoding['y']?.field).toBe('low');
    expect(bars!.encoding['y2']?.field).toBe('high');
    // One scale for both layers.
    expect(bars!.encoding['y']?.scale).toEqual(scores!.encoding['y']?.scale);
  });

  it('facets only when a panel dimension is given', () => {
    const spec = scoreChartSpec({
      ...input,
      points: input.points.map((point) => ({ ...point, panel: 4 })),
      panel: { title: 'parts', order: [4] },
    }) as unknown as Spec;
    expect(spec.facet).toBeDefined();
    expect(spec.spec!.layer).toHaveLength(2);
  });

  it('uses a log scale across decades, symlog when an interval reaches zero', () => {
    expect(chooseScale([5, 50, 4, 55])).toBe('log');
    expect(chooseScale([5, 50, 0])).toBe('symlog');
    expect(chooseScale([5, 6, 7])).toBe('linear');
  });
});
