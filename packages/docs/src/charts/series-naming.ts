import { compareRows, rowFromDbbench, type ResultRow } from '../result-row.js';
import type { DbbenchReportFile } from '../report-file.js';

/** One successful result and the suite that measured it: a chart draws several suites together. */
export interface SuiteRow {
  readonly suite: string;
  readonly row: ResultRow;
}

/**
 * The successful results of one benchmark across all reports, in a fixed order (suite, then row
 * order), so that charts and their data files do not change between identical runs.
 */
export function successfulRows(reports: readonly DbbenchReportFile[], benchmark: string): SuiteRow[] {
  return reports
    .flatMap((report) =>
      report.results
        .filter((result) => result.dbbench.benchmarkName === benchmark)
        .map((result) => ({ suite: report.suite, row: rowFromDbbench(result) })),
    )
    .filter((entry) => entry.row.status === 'ok')
    .sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : compareRows(a.row, b.row)));
}

/**
 * How a chart names its lines: each label is the suite, then the values of `named` axes, then
 * every other unplaced axis that varies within the suite (so no two lines are merged). Axes that
 * hold one value for a whole suite are context, not series: they go in the subtitle and caption,
 * which keeps legend labels short and plain ("pooled", "reactive").
 */
export interface SeriesNaming {
  labelOf(entry: SuiteRow): string;
  /** Legend title of the labels ("suite", "suite · strategy"). */
  readonly title: string;
  /** Whether the labels differ, i.e. whether a legend for them tells anything. */
  readonly several: boolean;
  /** What holds for the whole chart ("pooled suite", "pooled: chunkSize 500"), if anything. */
  readonly subtitle: string | undefined;
  /** The same as sentences for the caption, or ''. */
  readonly sentence: string;
}

const LABEL_SEPARATOR = ' · ';

/**
 * Names the lines of a chart (see {@link SeriesNaming}); `placed` axes are drawn by the chart
 * itself (x, colour, columns) and so never appear in a label.
 */
export function nameSeries(
  entries: readonly SuiteRow[],
  placed: readonly string[],
  named: readonly string[] = [],
): SeriesNaming {
  const suites = [...new Set(entries.map((entry) => entry.suite))];
  const varying = new Map<string, string[]>();
  const constants = new Map<string, string>();
  for (const suite of suites) {
    const rows = entries.filter((entry) => entry.suite === suite).map((entry) => entry.row);
    const axes = [...new Set(rows.flatMap((row) => row.axes))].filter(
      (axis) => !placed.includes(axis) && !named.includes(axis),
    );
    const varies = (axis: string) => new Set(rows.map((row) => row.params[axis] ?? '')).size > 1;
    varying.set(suite, axes.filter(varies));
    const fixed = axes
      .filter((axis) => !varies(axis))
      .map((axis) => `${axis} ${rows[0]?.params[axis] ?? ''}`);
    if (fixed.length > 0) constants.set(suite, fixed.join(', '));
  }
  const labelOf = (entry: SuiteRow): string =>
    [
      entry.suite,
      ...named.flatMap((axis) => {
        const value = entry.row.params[axis];
        return value === undefined ? [] : [value];
      }),
      ...(varying.get(entry.suite) ?? []).map((axis) => `${axis} ${entry.row.params[axis] ?? ''}`),
    ].join(LABEL_SEPARATOR);
  const varyingAxes = [...new Set([...varying.values()].flat())];
  const only = suites.length === 1 ? suites[0] : undefined;
  let subtitle: string | undefined;
  let sentence: string;
  if (only !== undefined) {
    const fixed = constants.get(only);
    subtitle = `${only} suite${fixed ? `, ${fixed}` : ''}`;
    sentence = `From the ${only} suite${fixed ? `, with ${fixed}` : ''}.`;
  } else {
    const parts = [...constants].map(([suite, fixed]) => `${suite}: ${fixed}`);
    subtitle = parts.length > 0 ? parts.join('; ') : undefined;
    sentence = [...constants].map(([suite, fixed]) => `The ${suite} suite ran with ${fixed}.`).join(' ');
  }
  return {
    labelOf,
    title: ['suite', ...named, ...varyingAxes].join(LABEL_SEPARATOR),
    several: new Set(entries.map(labelOf)).size > 1,
    subtitle,
    sentence,
  };
}
