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

  it('uses a log scale across decades (never symlog), linear from zero otherwise', () => {
    expect(chooseScale([5, 50])).toEqual({ type: 'log', floor: 1 });
    expect(chooseScale([11, 23700], [0.9, 0])).toEqual({ type: 'log', floor: 10 });
    expect(chooseScale([5, 6, 7], [0])).toEqual({ type: 'linear' });
    expect(chooseScale([0, 5, 50])).toEqual({ type: 'linear' });
  });

  it('cuts an interval that reaches zero at the log floor, marks it, and keeps four significant digits', () => {
    const spec = scoreChartSpec({
      ...input,
      points: [
        { x: 1000, series: 'a', score: 12.345678, low: 0, high: 30.123456 },
        { x: 10000, series: 'a', score: 23700.4321, low: 20000.1, high: 27000.99 },
      ],
    }) as unknown as Spec;
    expect(spec.data.values).toEqual([
      { x: 1000, series: 'a', score: 12.35, low: 10, high: 30.12, lowCut: true },
      { x: 10000, series: 'a', score: 23700, low: 20000, high: 27000 },
    ]);
    expect(spec.layer![0]!.encoding['y']?.scale).toEqual({ type: 'log', domainMin: 10 });
  });

  it('plots against a measured value on a quantitative axis, joining each line in the order of the ordering axis', () => {
    const spec = scoreChartSpec({
      ...input,
      points: [
        { x: 7900, order: 8000, series: 'a', score: 90, low: 80, high: 100 },
        { x: 495, order: 500, series: 'a', score: 1.2, low: 1.1, high: 1.3 },
        { x: 1990, order: 2000, series: 'a', score: 1.5 },
      ],
      x: { title: 'requests/s (measured)', order: [] },
      quantitativeX: true,
    }) as unknown as Spec;
    const [scores] = spec.layer!;
    expect(scores!.encoding['x']?.type).toBe('quantitative');
    // 495 to 7900 spans a decade: a log axis.
    expect(scores!.encoding['x']?.scale?.type).toBe('log');
    expect(scores!.encoding['order']?.field).toBe('order');
    expect(spec.data.values.map((value) => value['order'])).toEqual([8000, 500, 2000]);
  });
});
