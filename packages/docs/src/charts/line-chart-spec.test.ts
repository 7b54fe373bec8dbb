import { describe, expect, it } from 'vitest';
import { lineChartSpec, type ChartDatum, type LineChartInput } from './line-chart-spec.js';

interface Encoded {
  title: { text: string; subtitle?: string };
  config: { legend: { labelLimit: number } };
  encoding: {
    color: { type: string; scale: { scheme: unknown } };
    strokeDash?: { legend: { symbolType: string } };
    tooltip: { field: string }[];
  };
}

function chart(data: readonly ChartDatum[], extra: Partial<LineChartInput> = {}): Encoded {
  return lineChartSpec({
    title: 'rows/s',
    data,
    x: { field: 'x', title: 'x' },
    y: { field: 'y', title: 'y' },
    color: { field: 'c', title: 'c' },
    strokeDash: { field: 's', title: 'suite' },
    ...extra,
  }) as unknown as Encoded;
}

describe('lineChartSpec', () => {
  it('colours text categories with a categorical scheme and numbers with an ordered one', () => {
    const named = chart([
      { x: 1, y: 2, c: 'bulk', s: 'pooled' },
      { x: 1, y: 3, c: 'multiRow', s: 'pooled' },
    ]);
    expect(named.encoding.color).toMatchObject({ type: 'nominal', scale: { scheme: 'tableau10' } });
    const sized = chart([
      { x: 1, y: 2, c: 10, s: 'pooled' },
      { x: 1, y: 3, c: 30, s: 'pooled' },
    ]);
    expect(sized.encoding.color.type).toBe('ordinal');
    expect(sized.encoding.color.scale.scheme).not.toBe('tableau10');
  });

  it('draws the dash legend as dashed lines, and leaves it out when there is one series', () => {
    const two = chart([
      { x: 1, y: 2, c: 10, s: 'pooled' },
      { x: 1, y: 3, c: 10, s: 'reactive' },
    ]);
    expect(two.encoding.strokeDash?.legend.symbolType).toBe('stroke');
    const one = chart([
      { x: 1, y: 2, c: 10, s: 'pooled' },
      { x: 2, y: 3, c: 10, s: 'pooled' },
    ]);
    expect(one.encoding.strokeDash).toBeUndefined();
    expect(one.encoding.tooltip.map((entry) => entry.field)).not.toContain('s');
  });

  it('never truncates legend labels and puts the context in a subtitle', () => {
    const spec = chart([{ x: 1, y: 2, c: 10, s: 'pooled' }], { subtitle: 'pooled suite' });
    expect(spec.config.legend.labelLimit).toBeGreaterThanOrEqual(1000);
    expect(spec.title).toMatchObject({ text: 'rows/s', subtitle: 'pooled suite' });
  });
});
