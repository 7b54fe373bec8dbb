import type { Baseline } from './baseline.js';
import {
  COMPARISON_DEFAULTS,
  compareResult,
  type ResultComparison,
  type Verdict,
} from './compare-results.js';
import { formatNumber, formatPercent, NOT_APPLICABLE } from './format.js';
import { codeCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import { reportRows } from './report-rows.js';
import { compareRows, resultKey, type ResultRow } from './result-row.js';
import { displayUnitName } from './units.js';

/** One report of a page and its baseline. */
export interface ComparedReport {
  readonly file: string;
  /** Shown in a first column when a page compares several reports (the suite), else undefined. */
  readonly label: string | undefined;
  readonly rows: readonly ResultRow[];
  readonly baseline: Baseline | undefined;
}

/** The comparison section of a page. */
export interface ComparisonModel {
  /** Where each report's baseline came from. */
  readonly origins: readonly string[];
  readonly summary: string;
  /** Results called improved or regressed, first and alone, benchstat-style; null when none. */
  readonly called: MarkdownTable | null;
  /** Every compared result (folded on the page); null when nothing was compared. */
  readonly all: MarkdownTable | null;
  readonly alphaText: string;
  readonly thresholdText: string;
}

function paramsText(row: ResultRow): string {
  const text = row.axes.map((axis) => `${axis}=${row.params[axis] ?? ''}`).join(', ');
  return text === '' ? NOT_APPLICABLE : text;
}

function comparisonRow(label: string | undefined, row: ResultRow, comparison: ResultComparison): TableCell[] {
  const interval = comparison.changeInterval;
  return [
    ...(label === undefined ? [] : [label]),
    row.benchmark,
    paramsText(row),
    formatNumber(comparison.previousScore),
    row.status === 'failed' ? 'failed' : formatNumber(comparison.currentScore),
    codeCell(displayUnitName(row.primary.scoreUnit)),
    comparison.changePercent === undefined ? NOT_APPLICABLE : formatPercent(comparison.changePercent),
    interval ? `${formatPercent(interval.low)} to ${formatPercent(interval.high)}` : NOT_APPLICABLE,
    comparison.pValue === undefined ? NOT_APPLICABLE : formatNumber(comparison.pValue, 2),
    comparison.reason ? `${comparison.verdict} (${comparison.reason})` : comparison.verdict,
  ];
}

/** Rows grouped by benchmark in first-seen order, each group in axis order. */
function inBenchmarkOrder(rows: readonly ResultRow[]): ResultRow[] {
  const groups = new Map<string, ResultRow[]>();
  for (const row of rows) groups.set(row.qualifiedName, [...(groups.get(row.qualifiedName) ?? []), row]);
  return [...groups.values()].flatMap((group) => group.sort(compareRows));
}

const VERDICT_ORDER: readonly Verdict[] = ['regressed', 'improved', '~', 'not comparable', 'new'];

/**
 * Compares every result of a page's reports with the same result (benchmark, mode, params) in
 * each report's baseline. Called changes come first in a table of their own; the full table is
 * for whoever wants the rest.
 */
export function comparisonSection(reports: readonly ComparedReport[]): ComparisonModel {
  const origins: string[] = [];
  const called: TableCell[][] = [];
  const all: TableCell[][] = [];
  const counts = new Map<Verdict, number>();
  const labelled = reports.some((report) => report.label !== undefined);
  for (const report of reports) {
    origins.push(
      `\`${report.file}\`: ${report.baseline?.origin ?? 'no previous committed version, nothing to compare'}`,
    );
    if (!report.baseline?.report) continue;
    const previous = new Map(reportRows(report.baseline.report).map((row) => [resultKey(row), row]));
    for (const row of inBenchmarkOrder(report.rows)) {
      const comparison = compareResult(row, previous.get(resultKey(row)));
      counts.set(comparison.verdict, (counts.get(comparison.verdict) ?? 0) + 1);
      const cells = comparisonRow(labelled ? (report.label ?? NOT_APPLICABLE) : undefined, row, comparison);
      all.push(cells);
      if (comparison.verdict === 'improved' || comparison.verdict === 'regressed') called.push(cells);
    }
  }
  const summary = VERDICT_ORDER.filter((verdict) => counts.has(verdict))
    .map((verdict) => `${counts.get(verdict) ?? 0} ${verdict === '~' ? 'unchanged (~)' : verdict}`)
    .join(', ');
  const header = [
    ...(labelled ? ['suite'] : []),
    'benchmark',
    'params',
    'previous',
    'current',
    'unit',
    'change',
    '95% CI of change',
    'p (Mann–Whitney)',
    'verdict',
  ];
  return {
    origins,
    summary: summary === '' ? 'No result has a previous value to compare with.' : `Verdicts: ${summary}.`,
    called: called.length === 0 ? null : { header, rows: called },
    all: all.length === 0 ? null : { header, rows: all },
    alphaText: String(COMPARISON_DEFAULTS.alpha),
    thresholdText: `${COMPARISON_DEFAULTS.noiseThreshold * 100}%`,
  };
}
