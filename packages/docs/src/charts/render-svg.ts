import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { JsonValue } from './score-chart-spec.js';

// vega exports its text measurer but its typings omit it: state the subset we use.
const textMetrics = (vega as unknown as { textMetrics: { canvas(useCanvas: boolean): void } }).textMetrics;

let canvasDisabled = false;

/**
 * Renders a Vega-Lite spec to SVG in Node: no browser and no native canvas. Text is measured by
 * vega's estimator (not a canvas), and SVG definition ids restart for each chart, so the output is
 * byte-identical across runs, time zones and locales. Renders must not overlap (vega's id counter
 * is global): call it sequentially.
 */
export async function renderSvg(spec: JsonValue): Promise<string> {
  if (!canvasDisabled) {
    textMetrics.canvas(false);
    canvasDisabled = true;
  }
  vega.resetSVGDefIds();
  const compiled = compile(spec as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    const svg = oneElementPerLine(await view.toSVG());
    return svg.endsWith('\n') ? svg : `${svg}\n`;
  } finally {
    view.finalize();
  }
}

/**
 * The SVG with one element per line, so a regenerated chart's diff shows the marks that moved
 * instead of one changed line of 60 KB. Only a line break is added, and only before a tag outside a
 * `<text>` element (whitespace inside one would be drawn); `<` never occurs unescaped elsewhere.
 */
export function oneElementPerLine(svg: string): string {
  let result = '';
  let textDepth = 0;
  for (const token of svg.match(/<[^>]*>|[^<]+/g) ?? []) {
    const tag = token.startsWith('<');
    if (tag && textDepth === 0 && result !== '' && !result.endsWith('\n')) result += '\n';
    result += token;
    if (tag && /^<text[\s>]/.test(token) && !token.endsWith('/>')) textDepth += 1;
    else if (tag && token === '</text>') textDepth -= 1;
  }
  return result;
}
