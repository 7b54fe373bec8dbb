/**
 * The comparison as Markdown for a pull request comment, benchstat- and tachometer-style: the
 * verdict counts in the title, the called changes first (largest first) with ratio, interval, p, q
 * and n, the exact counter changes, one line for everything unchanged with its table folded, the
 * geometric mean per suite, and what was compared where.
 */
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
import { PAIRED_NOTE, SINGLE_FORK_NOTE } from './compare-results.js';
import type { Comparison, ResultComparison, SideInfo } from './model.js';

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** Heading level of the title (default 3: a comment under a PR's own title). */
  readonly headingLevel?: number;
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function resultTable(results: readonly ResultComparison[], confidence: number): string[] {
  const level = `${Math.round(confidence * 100)}% CI`;
  return [
    `| result | ratio | ${level} | p | q | n | verdict |`,
    '| --- | ---: | --- | ---: | ---: | --- | --- |',
    ...results.map((result) =>
      [
        '',
        escapeCell(resultLabel(result.identity) + levelMark(result)),
        formatRatio(result.ratio),
        formatInterval(result.ratioInterval),
        formatProbability(result.pValue),
        formatProbability(result.qValue),
        formatSizes(result),
        escapeCell(verdictCell(result)),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ];
}

function sideText(side: SideInfo | undefined): string {
  if (side === undefined) return 'unknown';
  const label = side.label === undefined ? '' : ` (${side.label})`;
  return `\`${side.commit}\`${label}${side.dirty === true ? ', uncommitted changes' : ''}`;
}

/** Renders a comparison as a Markdown document (ends with a newline). */
export function renderMarkdown(comparison: Comparison, options: MarkdownOptions = {}): string {
  const { settings, context, results } = comparison;
  const lines: string[] = [];
  const blank = (): void => void lines.push('');
  lines.push(`${'#'.repeat(options.headingLevel ?? 3)} dbbench compare: ${verdictCounts(results)}`);
  blank();
  const called = calledChangesBySize(results);
  if (called.length > 0) {
    lines.push(...resultTable(called, settings.confidence));
    blank();
  }
  if (comparison.counterChanges.length > 0) {
    lines.push('Work counters (declared deterministic, compared exactly):');
    blank();
    for (const change of comparison.counterChanges) lines.push(`- ${escapeCell(counterChangeLine(change))}`);
    blank();
  }
  const rest = results.filter((result) => !isCalled(result.verdict));
  const unchanged = rest.filter((result) => result.verdict === '~').length;
  const notComparable = rest.length - unchanged;
  if (rest.length > 0) {
    const notComparableText = notComparable > 0 ? `; ${notComparable} not comparable` : '';
    lines.push(`${unchanged} results unchanged (~)${notComparableText}.`);
    blank();
    const summary = notComparable > 0 ? 'Unchanged and not comparable results' : 'Unchanged results';
    lines.push(`<details><summary>${summary}</summary>`);
    blank();
    lines.push(...resultTable(rest, settings.confidence));
    blank();
    lines.push('</details>');
    blank();
  }
  if (comparison.geomeans.length > 0) {
    lines.push('| suite | results | geomean change (cost) |', '| --- | ---: | ---: |');
    for (const geomean of comparison.geomeans)
      lines.push(
        `| ${escapeCell(geomean.suite)} | ${geomean.results} | ${formatGeomean(geomean.costRatio)} |`,
      );
    blank();
  }
  const threshold = `${Math.round(settings.noiseThreshold * 100)}%`;
  // One paragraph, several source lines: short lines keep the comment's source readable too.
  // Every result paired (a compare run's duets): say only how pairs are compared.
  const anyPaired = results.some((result) => result.level === 'paired');
  const allPaired =
    anyPaired && results.every((result) => result.level === 'paired' || result.verdict === 'not comparable');
  lines.push(
    `A change is called when q ≤ ${settings.falseDiscoveryRate} (Benjamini–Hochberg over all results)`,
    ...(allPaired
      ? [
          `and the whole interval lies beyond ±${threshold}. Each fork pair took turns in one round (a duet):`,
          "ratio, interval and p come from the pairs' log ratios (geometric mean, Student t at n − 1 df);",
        ]
      : [
          `and the whole interval lies beyond ±${threshold}. Ratio: candidate / baseline mean;`,
          'interval: hierarchical bootstrap (forks, then iterations); p: t-test on log fork means;',
        ]),
    'n: forks×iterations, baseline+candidate. Geomean: cost ratios (throughput inverted), so negative is better.',
  );
  if (anyPaired && !allPaired) lines.push('', `${capitalized(PAIRED_NOTE)}.`);
  if (results.some((result) => result.level === 'iteration')) lines.push('', `† ${SINGLE_FORK_NOTE}.`);
  if (results.some((result) => result.noisy)) {
    const limit = `${Math.round(settings.noisyHalfWidth * 100)}%`;
    lines.push(
      '',
      `noisy: interval wider than ±${limit}; run more forks or iterations, or on a quieter machine.`,
    );
  }
  blank();
  const where = [
    `Baseline ${sideText(context.baseline)}, candidate ${sideText(context.candidate)}`,
    ...(context.database === undefined ? [] : [context.database]),
    ...(context.machine === undefined ? [] : [context.machine]),
  ];
  lines.push(`${where.join('; ')}.`);
  return `${lines.join('\n')}\n`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
