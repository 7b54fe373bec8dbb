/**
 * "Changes since the previous report": every result compared with its previous committed value by
 * the same statistics `dbbench compare` uses (fork-level t-test and hierarchical bootstrap, or the
 * iteration level — labelled — when a side has one fork; Benjamini–Hochberg over the page; a change
 * called only when significant and wholly beyond the noise threshold), plus the run-to-run noise this
 * page's own forks show. Two runs made at different times are an indication, never a verdict.
 */
import {
  calledChangesBySize,
  compareResults,
  DEFAULT_CONFIDENCE,
  DEFAULT_FALSE_DISCOVERY_RATE,
  DEFAULT_NOISE_THRESHOLD,
  formatInterval,
  formatProbability,
  formatRatio,
  formatSizes,
  identityKey,
  isCalled,
  pairReports,
  verdictCell,
  verdictCounts,
  type ResultComparison,
  type ResultInput,
} from '@dbbench/harness/compare';
import type { Baseline } from './baseline.js';
import { comparabilityFingerprint } from './environment.js';
import { formatPercent, NOT_APPLICABLE } from './format.js';
import { codeCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import { reportRows } from './report-rows.js';
import type { ResultRow } from './result-row.js';
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
  /** One line of verdict counts, or why nothing was compared. */
  readonly summary: string;
  /** Whether any result had a previous value to compare with. */
  readonly compared: boolean;
  /** The verdict counts alone ("6 regressed, 82 unchanged (~)"), or why nothing was compared: for the hub. */
  readonly verdicts: string;
  /**
   * Results not comparable for a reason that repeats, folded: one line per reason with its count
   * ("92 results not comparable: CPU model differs (…)"), instead of a table row each repeating it.
   */
  readonly notComparable: readonly string[];
  /** Results called improved or regressed, largest change first; null when none. */
  readonly called: MarkdownTable | null;
  /** Every compared result but the folded ones (the table is folded on the page); null when none is left. */
  readonly all: MarkdownTable | null;
  /** The run-to-run noise each benchmark's forks show in the current reports; null without forks. */
  readonly noise: MarkdownTable | null;
  /** Whether some result was compared at the iteration level (a side with one fork): explains †. */
  readonly singleFork: boolean;
  readonly thresholdText: string;
  readonly confidenceText: string;
  readonly falseDiscoveryText: string;
}

function paramsText(params: Readonly<Record<string, string>>): string {
  const text = Object.entries(params)
    .map(([axis, value]) => `${axis}=${value}`)
    .join(', ');
  return text === '' ? NOT_APPLICABLE : text;
}

/** Marks results measured on another CPU or server version "not comparable", with what differs. */
function withComparability(
  inputs: readonly ResultInput[],
  current: ReadonlyMap<string, ResultRow>,
  previous: ReadonlyMap<string, ResultRow>,
): ResultInput[] {
  return inputs.map((input) => {
    const key = identityKey(input.identity);
    const now = current.get(key)?.dbbench;
    const before = previous.get(key)?.dbbench;
    if (input.unavailable !== undefined || now === undefined || before === undefined) return input;
    const a = comparabilityFingerprint(before);
    const b = comparabilityFingerprint(now);
    const differences = Object.keys(b).filter((name) => a[name] !== b[name]);
    if (differences.length === 0) return input;
    return {
      ...input,
      unavailable: differences
        .map((name) => `${name} differs (${a[name] ?? ''} → ${b[name] ?? ''})`)
        .join('; '),
    };
  });
}

function rowsByKey(rows: readonly ResultRow[]): Map<string, ResultRow> {
  return new Map(rows.map((row) => [identityKey(identityOfRow(row)), row]));
}

function identityOfRow(row: ResultRow): ResultInput['identity'] {
  const dot = row.qualifiedName.lastIndexOf('.');
  return {
    suite: row.dbbench?.suite ?? (dot < 0 ? '' : row.qualifiedName.slice(0, dot)),
    ...(row.dbbench === undefined ? {} : { database: row.dbbench.database }),
    benchmark: row.dbbench?.benchmarkName ?? row.qualifiedName.slice(dot + 1),
    mode: row.mode,
    params: row.params,
  };
}

function comparisonCells(result: ResultComparison, labelled: boolean): TableCell[] {
  const unit = codeCell(displayUnitName(result.unit));
  const compared = result.verdict !== 'not comparable';
  return [
    ...(labelled ? [result.identity.suite] : []),
    result.identity.benchmark,
    paramsText(result.identity.params),
    unit,
    compared ? formatRatio(result.ratio) : NOT_APPLICABLE,
    compared ? formatInterval(result.ratioInterval) : NOT_APPLICABLE,
    compared ? `${formatProbability(result.pValue)} / ${formatProbability(result.qValue)}` : NOT_APPLICABLE,
    compared ? formatSizes(result) : NOT_APPLICABLE,
    verdictText(result),
  ];
}

/** The verdict in the page's words (this run and the previous one), single-fork results marked. */
function verdictText(result: ResultComparison): string {
  const text = inPageWords(verdictCell(result));
  return result.level === 'iteration' && result.verdict !== 'not comparable' ? `${text} †` : text;
}

/** `compare`'s words for the two sides, as this page names them: this run and the previous one. */
function inPageWords(text: string): string {
  return text
    .replaceAll('the candidate', 'this run')
    .replaceAll('the baseline', 'the previous run')
    .replaceAll('only in this run', 'new in this run');
}

/** Why a result is not comparable, in the page's words, or undefined when it was compared. */
function notComparableReason(result: ResultComparison): string | undefined {
  return result.verdict === 'not comparable' ? inPageWords(result.reason ?? 'no reason given') : undefined;
}

/**
 * The not comparable results whose reason repeats, as one line per reason with its count: a run on
 * another machine makes every result not comparable for the same reason, and a row each would repeat
 * it dozens of times. A reason met once keeps its row, which names the result.
 */
function foldedNotComparable(results: readonly ResultComparison[]): {
  lines: string[];
  reasons: Set<string>;
} {
  const counts = new Map<string, number>();
  for (const result of results) {
    const reason = notComparableReason(result);
    if (reason !== undefined) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const repeated = [...counts].filter(([, count]) => count > 1);
  return {
    lines: repeated.map(([reason, count]) => `${count} results not comparable: ${reason}`),
    reasons: new Set(repeated.map(([reason]) => reason)),
  };
}

/** Fork means of a result's iteration scores (forks with at least one iteration). */
function forkMeans(row: ResultRow): number[] {
  return row.primary.rawData
    .filter((fork) => fork.length > 0)
    .map((fork) => fork.reduce((sum, value) => sum + value, 0) / fork.length);
}

/**
 * Per benchmark, the median over its results of the fork-to-fork coefficient of variation (stdev of
 * fork means ÷ their mean): the noise a second run of the same code would show, measured, not guessed.
 */
function noiseTable(reports: readonly ComparedReport[]): MarkdownTable | null {
  const byBenchmark = new Map<string, { values: number[]; forks: number }>();
  for (const report of reports) {
    for (const row of report.rows) {
      if (row.status !== 'ok') continue;
      const means = forkMeans(row);
      const name = `${report.label === undefined ? '' : `${report.label}.`}${row.benchmark}`;
      const entry = byBenchmark.get(name) ?? { values: [], forks: 0 };
      entry.forks = Math.max(entry.forks, means.length);
      if (means.length >= 2) {
        const mean = means.reduce((sum, value) => sum + value, 0) / means.length;
        const variance = means.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (means.length - 1);
        if (mean !== 0) entry.values.push(Math.sqrt(variance) / Math.abs(mean));
      }
      byBenchmark.set(name, entry);
    }
  }
  if (byBenchmark.size === 0) return null;
  const rows = [...byBenchmark.entries()].map(([name, entry]): TableCell[] => {
    const sorted = [...entry.values].sort((a, b) => a - b);
    const median =
      sorted.length === 0
        ? undefined
        : sorted.length % 2 === 1
          ? sorted[(sorted.length - 1) / 2]
          : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
    return [
      name,
      String(entry.forks),
      median === undefined ? 'not measured (one fork)' : `±${formatPercent(median * 100).replace(/^\+/, '')}`,
    ];
  });
  return { header: ['benchmark', 'forks', 'fork-to-fork variation (median CV)'], rows };
}

/**
 * Compares every result of a page's reports with the same result (benchmark, mode, params) in each
 * report's baseline, with one Benjamini–Hochberg correction over the whole page.
 */
export function comparisonSection(reports: readonly ComparedReport[]): ComparisonModel {
  const origins = reports.map(
    (report) =>
      `\`${report.file}\`: ${report.baseline?.origin ?? 'no previous committed version, nothing to compare'}`,
  );
  const inputs: ResultInput[] = [];
  for (const report of reports) {
    if (report.baseline?.report === undefined) continue;
    const previousRows = reportRows(report.baseline.report);
    const paired = pairReports(
      previousRows.map((row) => row.source),
      report.rows.map((row) => row.source),
      { deterministicCounters: (result) => result.dbbench?.deterministicCounters ?? [] },
    );
    inputs.push(...withComparability(paired, rowsByKey(report.rows), rowsByKey(previousRows)));
  }
  const labelled = reports.some((report) => report.label !== undefined);
  const header = [
    ...(labelled ? ['suite'] : []),
    'benchmark',
    'params',
    'unit',
    'now ÷ before',
    `${Math.round(DEFAULT_CONFIDENCE * 100)}% CI`,
    'p / q',
    'n (forks×iterations)',
    'verdict',
  ];
  const comparison = inputs.length === 0 ? undefined : compareResults({ results: inputs });
  const results = comparison?.results ?? [];
  const called = calledChangesBySize(results).filter((result) => isCalled(result.verdict));
  const folded = foldedNotComparable(results);
  const compared = results.filter((result) => !folded.reasons.has(notComparableReason(result) ?? ''));
  return {
    origins,
    summary:
      results.length === 0
        ? 'No result has a previous value to compare with.'
        : `Verdicts (an indication: two runs made at different times): ${verdictCounts(results)}.`,
    compared: results.length > 0,
    verdicts:
      results.length === 0
        ? 'no previous committed report to compare with'
        : `${verdictCounts(results)}${compared.some((result) => result.verdict !== 'not comparable') ? ' (an indication: two runs made at different times)' : ''}`,
    notComparable: folded.lines,
    called:
      called.length === 0
        ? null
        : { header, rows: called.map((result) => comparisonCells(result, labelled)) },
    all:
      compared.length === 0
        ? null
        : { header, rows: compared.map((result) => comparisonCells(result, labelled)) },
    noise: noiseTable(reports),
    singleFork: results.some((result) => result.level === 'iteration' && result.verdict !== 'not comparable'),
    thresholdText: `${DEFAULT_NOISE_THRESHOLD * 100}%`,
    confidenceText: `${Math.round(DEFAULT_CONFIDENCE * 100)}%`,
    falseDiscoveryText: String(DEFAULT_FALSE_DISCOVERY_RATE),
  };
}
