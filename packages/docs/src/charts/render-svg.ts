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
    const svg = await view.toSVG();
    return svg.endsWith('\n') ? svg : `${svg}\n`;
  } finally {
    view.finalize();
  }
}
