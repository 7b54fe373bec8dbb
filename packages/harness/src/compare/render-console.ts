/**
 * The comparison as a compact console table: a count line, one aligned row per result (called
 * changes first, largest first, then the rest in run order), counter changes and geometric means.
 * Colour only when asked (a terminal).
 */
import { createColors } from 'picocolors';
import { PAIRED_NOTE, SINGLE_FORK_NOTE } from './compare-results.js';
import {
  calledChangesBySize,
  counterChangeLine,
  formatGeomean,
  formatInterval,
  formatProbability,
  formatRatio,
  formatSizes,
  isCalled,
  levelMark,
  resultLabel,
  verdictCell,
  verdictCounts,
} from './format.js';
import type { Comparison } from './model.js';

/** Options of {@link renderConsole}. */
export interface ConsoleOptions {
  readonly color?: boolean;
}

/** Aligns rows of cells into columns; the first column left-aligned, numbers right-aligned. */
function align(rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** Renders a comparison as console lines (without trailing newlines). */
export function renderConsole(comparison: Comparison, options: ConsoleOptions = {}): string[] {
  const colors = createColors(options.color ?? false);
  const { results, settings } = comparison;
  const ordered = [...calledChangesBySize(results), ...results.filter((result) => !isCalled(result.verdict))];
  const header = [
    'result',
    'ratio',
    `${Math.round(settings.confidence * 100)}% CI`,
    'p',
    'q',
    'n',
    'verdict',
  ];
  const rows = ordered.map((result) => [
    resultLabel(result.identity) + levelMark(result),
    formatRatio(result.ratio),
    formatInterval(result.ratioInterval),
    formatProbability(result.pValue),
    formatProbability(result.qValue),
    formatSizes(result),
    verdictCell(result),
  ]);
  const paint = (line: string, index: number): string => {
    const verdict = ordered[index]?.verdict;
    if (verdict === 'regressed') return colors.red(line);
    if (verdict === 'improved') return colors.green(line);
    return verdict === '~' ? line : colors.dim(line);
  };
  const [headerLine = '', ...body] = align([header, ...rows], new Set([1, 3, 4]));
  const lines = [colors.bold(verdictCounts(results)), '', colors.bold(headerLine), ...body.map(paint)];
  if (comparison.counterChanges.length > 0) {
    lines.push('', 'Work counters (declared deterministic, compared exactly):');
    for (const change of comparison.counterChanges) lines.push(`  ${counterChangeLine(change)}`);
  }
  if (comparison.geomeans.length > 0) {
    lines.push('');
    for (const geomean of comparison.geomeans)
      lines.push(
        `geomean ${geomean.suite} (${geomean.results} results): ${formatGeomean(geomean.costRatio)}`,
      );
  }
  if (results.some((result) => result.level === 'paired')) lines.push(PAIRED_NOTE);
  if (results.some((result) => result.level === 'iteration')) lines.push(`† ${SINGLE_FORK_NOTE}`);
  return lines;
}
