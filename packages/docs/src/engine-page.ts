import type { DbbenchReportFile } from './report-file.js';
import type { Baseline } from './baseline.js';
import type { ChartDefinition } from './charts/chart-descriptor.js';
import { COMPARISON_DEFAULTS, compareResult, type Verdict } from './compare-results.js';
import { databaseRunInfo, engineTitle } from './environment.js';
import { efficiencyBasis, JOB_BENCHMARK, jobEfficiency, rowsPerSecond } from './efficiency.js';
import {
  compareParamValues,
  formatBytes,
  formatNumber,
  formatPercent,
  formatRatio,
  NOT_APPLICABLE,
} from './format.js';
import { codeCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import { benchmarkSection, type BenchmarkSection } from './results-table.js';
import { compareRows, resultKey, rowFromDbbench, type ResultRow } from './result-row.js';
import { profilesTable } from './profiles-table.js';

/** What the engine page template receives. */
export interface EnginePageModel {
  readonly title: string;
  readonly database: string;
  readonly benchCommand: string;
  readonly reportFiles: readonly string[];
  readonly environment: MarkdownTable;
  readonly profiles: MarkdownTable;
  readonly axes: MarkdownTable;
  readonly charts: readonly { title: string; caption: string; svg: string; spec: string }[];
  readonly suites: readonly { suite: string; file: string; benchmarks: readonly BenchmarkSection[] }[];
  readonly comparison: {
    readonly origins: readonly string[];
    readonly table: MarkdownTable | null;
    readonly summary: string;
    readonly alphaText: string;
    readonly thresholdText: string;
  };
  readonly interpretation: readonly string[];
  readonly notesFile: string;
  readonly handNotes: string | null;
}

/** Inputs of {@link enginePageModel}. */
export interface EnginePageInput {
  readonly database: string;
  /** This engine's reports, one per suite. */
  readonly reports: readonly DbbenchReportFile[];
  /** Baseline per report file. */
  readonly baselines: ReadonlyMap<string, Baseline>;
  readonly charts: readonly ChartDefinition[];
  /** Hand-written notes (Markdown) from `notes/<database>.md`, or null. */
  readonly handNotes: string | null;
}

function distinct(values: readonly string[]): string {
  const unique = [...new Set(values)];
  return unique.length === 0 ? NOT_APPLICABLE : unique.join(', ');
}

function environmentTable(reports: readonly DbbenchReportFile[]): MarkdownTable {
  const column = (pick: (report: DbbenchReportFile) => string[]): TableCell[] =>
    reports.map((r) => distinct(pick(r)));
  const extensions = (report: DbbenchReportFile) => report.results.map((result) => result.dbbench);
  const settingNames = [
    ...new Set(
      reports.flatMap((r) => extensions(r).flatMap((e) => Object.keys(databaseRunInfo(e).settings))),
    ),
  ].sort();
  const finished = (report: DbbenchReportFile) => {
    const times = extensions(report)
      .map((e) => e.finishedAt)
      .sort();
    const firstTime = times[0];
    const lastTime = times[times.length - 1];
    return firstTime === undefined || lastTime === undefined
      ? [NOT_APPLICABLE]
      : [firstTime === lastTime ? firstTime : `${firstTime} to ${lastTime}`];
  };
  const rows: TableCell[][] = [
    ['Node.js', ...column((r) => extensions(r).map((e) => e.environment.node))],
    ['V8', ...column((r) => extensions(r).map((e) => e.environment.v8))],
    ['OS', ...column((r) => extensions(r).map((e) => e.environment.os))],
    ['CPU', ...column((r) => extensions(r).map((e) => e.environment.cpuModel))],
    ['cores', ...column((r) => extensions(r).map((e) => String(e.environment.cores)))],
    ['memory', ...column((r) => extensions(r).map((e) => formatBytes(e.environment.memoryBytes)))],
    [
      'server engine',
      ...column((r) => extensions(r).map((e) => databaseRunInfo(e).engine ?? NOT_APPLICABLE)),
    ],
    [
      'server version',
      ...column((r) => extensions(r).map((e) => databaseRunInfo(e).version ?? NOT_APPLICABLE)),
    ],
    ['provider', ...column((r) => extensions(r).map((e) => databaseRunInfo(e).provider ?? NOT_APPLICABLE))],
    ...settingNames.map((name): TableCell[] => [
      codeCell(name),
      ...column((r) => extensions(r).map((e) => databaseRunInfo(e).settings[name] ?? NOT_APPLICABLE)),
    ]),
    ['harness version', ...column((r) => extensions(r).map((e) => e.harnessVersion))],
    ['profile', ...column((r) => extensions(r).map((e) => e.profile))],
    [
      'git commit',
      ...column((r) =>
        extensions(r).map(
          (e) => `${e.git.commit.slice(0, 12)}${e.git.dirty ? ' (uncommitted changes)' : ''}`,
        ),
      ),
    ],
    ['run finished (UTC)', ...reports.map((r) => finished(r).join(''))],
  ];
  return { header: ['item', ...reports.map((report) => `${report.suite} suite`)], rows };
}

function axesTable(reports: readonly DbbenchReportFile[]): MarkdownTable {
  const rows: TableCell[][] = [];
  for (const report of reports) {
    const axes = new Map<string, { values: Set<string>; benchmarks: Set<string> }>();
    for (const result of report.results) {
      for (const axis of result.dbbench.axes) {
        const entry = axes.get(axis) ?? { values: new Set(), benchmarks: new Set() };
        const value = result.params?.[axis];
        if (value !== undefined) entry.values.add(value);
        entry.benchmarks.add(result.dbbench.benchmarkName);
        axes.set(axis, entry);
      }
    }
    for (const [axis, entry] of axes) {
      rows.push([
        report.suite,
        axis,
        [...entry.values].sort(compareParamValues).join(', '),
        [...entry.benchmarks].join(', '),
      ]);
    }
  }
  return { header: ['suite', 'axis', 'values', 'benchmarks'], rows };
}

function groupByBenchmark(report: DbbenchReportFile): Map<string, ResultRow[]> {
  const groups = new Map<string, ResultRow[]>();
  for (const result of report.results) {
    const row = rowFromDbbench(result);
    const group = groups.get(row.benchmark) ?? [];
    group.push(row);
    groups.set(row.benchmark, group);
  }
  return groups;
}

function suiteSections(
  report: DbbenchReportFile,
  sameEngine: readonly DbbenchReportFile[],
): BenchmarkSection[] {
  const basis = efficiencyBasis(report, sameEngine);
  return [...groupByBenchmark(report)].map(([benchmark, rows]) => {
    if (benchmark !== JOB_BENCHMARK) return benchmarkSection(rows);
    const limitFile = basis.limitReport?.file ?? '';
    const efficiencyNote = basis.limitReport
      ? `Efficiency is this job's rows/s ÷ the limit benchmark's rows/s at the same dataSize (the server-side ceiling)${
          basis.borrowed
            ? `; the ${report.suite} suite has no limit benchmark, so the limit comes from the ${basis.limitReport.suite} suite on the same engine (\`${limitFile}\`)`
            : ''
        }.`
      : 'Efficiency is not shown: no limit benchmark was measured on this engine.';
    return benchmarkSection(rows, { efficiency: (row) => jobEfficiency(row, basis), efficiencyNote });
  });
}

function paramsText(row: ResultRow): string {
  const text = row.axes.map((axis) => `${axis}=${row.params[axis] ?? ''}`).join(', ');
  return text === '' ? NOT_APPLICABLE : text;
}

function comparisonSection(
  reports: readonly DbbenchReportFile[],
  baselines: ReadonlyMap<string, Baseline>,
): EnginePageModel['comparison'] {
  const origins: string[] = [];
  const rows: TableCell[][] = [];
  const counts = new Map<Verdict, number>();
  for (const report of reports) {
    const baseline = baselines.get(report.file);
    origins.push(
      `\`${report.file}\`: ${baseline?.origin ?? 'no previous committed version, nothing to compare'}`,
    );
    if (!baseline?.report) continue;
    const previous = new Map(
      baseline.report.results.map((result) => [resultKey(rowFromDbbench(result)), rowFromDbbench(result)]),
    );
    const current = [...groupByBenchmark(report).values()].flatMap((group) => [...group].sort(compareRows));
    for (const row of current) {
      const comparison = compareResult(row, previous.get(resultKey(row)));
      counts.set(comparison.verdict, (counts.get(comparison.verdict) ?? 0) + 1);
      const interval = comparison.changeInterval;
      rows.push([
        report.suite,
        row.benchmark,
        paramsText(row),
        formatNumber(comparison.previousScore),
        row.status === 'failed' ? 'failed' : formatNumber(comparison.currentScore),
        codeCell(row.primary.scoreUnit),
        comparison.changePercent === undefined ? NOT_APPLICABLE : formatPercent(comparison.changePercent),
        interval ? `${formatPercent(interval.low)} to ${formatPercent(interval.high)}` : NOT_APPLICABLE,
        comparison.pValue === undefined ? NOT_APPLICABLE : formatNumber(comparison.pValue, 2),
        comparison.reason ? `${comparison.verdict} (${comparison.reason})` : comparison.verdict,
      ]);
    }
  }
  const order: Verdict[] = ['regressed', 'improved', '~', 'not comparable', 'new'];
  const summary = order
    .filter((verdict) => counts.has(verdict))
    .map((verdict) => `${counts.get(verdict) ?? 0} ${verdict === '~' ? 'unchanged (~)' : verdict}`)
    .join(', ');
  return {
    origins,
    table:
      rows.length === 0
        ? null
        : {
            header: [
              'suite',
              'benchmark',
              'params',
              'previous',
              'current',
              'unit',
              'change',
              '95% CI of change',
              'p (Mann–Whitney)',
              'verdict',
            ],
            rows,
          },
    summary: summary === '' ? 'No result has a previous value to compare with.' : `Verdicts: ${summary}.`,
    alphaText: String(COMPARISON_DEFAULTS.alpha),
    thresholdText: `${COMPARISON_DEFAULTS.noiseThreshold * 100}%`,
  };
}

function interpretation(reports: readonly DbbenchReportFile[]): string[] {
  const notes: string[] = [];
  for (const report of reports) {
    const groups = groupByBenchmark(report);
    const basis = efficiencyBasis(report, reports);
    const jobs = groups.get(JOB_BENCHMARK) ?? [];
    for (const dataSize of [...new Set(jobs.map((row) => row.params['dataSize'] ?? ''))].sort(
      compareParamValues,
    )) {
      const best = jobs
        .filter((row) => (row.params['dataSize'] ?? '') === dataSize && rowsPerSecond(row) !== undefined)
        .sort((a, b) => (rowsPerSecond(b) ?? 0) - (rowsPerSecond(a) ?? 0) || compareRows(a, b))[0];
      if (!best) continue;
      const others = best.axes
        .filter((axis) => axis !== 'dataSize')
        .map((axis) => `${axis} ${best.params[axis] ?? ''}`);
      const efficiency = jobEfficiency(best, basis);
      notes.push(
        `${report.suite}, job at dataSize ${dataSize}: fastest with ${others.join(', ')} at ${formatNumber(rowsPerSecond(best))} rows/s${
          efficiency === undefined ? '' : ` (${formatRatio(efficiency)} of the limit)`
        }.`,
      );
    }
    const seeds = (groups.get('seed') ?? []).filter((row) => row.params['strategy'] !== undefined);
    for (const dataSize of [...new Set(seeds.map((row) => row.params['dataSize'] ?? ''))].sort(
      compareParamValues,
    )) {
      const ranked = seeds
        .filter((row) => (row.params['dataSize'] ?? '') === dataSize && rowsPerSecond(row) !== undefined)
        .sort((a, b) => (rowsPerSecond(b) ?? 0) - (rowsPerSecond(a) ?? 0) || compareRows(a, b));
      const fastest = ranked[0];
      const slowest = ranked[ranked.length - 1];
      if (!fastest || !slowest || fastest === slowest) continue;
      const ratio = (rowsPerSecond(fastest) ?? 0) / (rowsPerSecond(slowest) ?? 1);
      notes.push(
        `${report.suite}, seed at dataSize ${dataSize}: strategy ${fastest.params['strategy'] ?? ''} (poolSize ${fastest.params['poolSize'] ?? NOT_APPLICABLE}) writes ${formatRatio(ratio)} the rows/s of ${slowest.params['strategy'] ?? ''} (poolSize ${slowest.params['poolSize'] ?? NOT_APPLICABLE}).`,
      );
    }
    const failed = report.results.filter((result) => result.dbbench.status === 'failed');
    if (failed.length > 0) {
      notes.push(
        `${report.suite}: ${failed.length} of ${report.results.length} combinations failed; their rows say why (a failure is never scored).`,
      );
    }
  }
  return notes;
}

/** Builds the view model of one engine's page (`<database>.md`). */
export function enginePageModel(input: EnginePageInput): EnginePageModel {
  const { database, reports } = input;
  return {
    title: engineTitle(database),
    database,
    benchCommand: `npx turbo run bench:${database}`,
    reportFiles: reports.map((report) => report.file),
    environment: environmentTable(reports),
    profiles: profilesTable(
      reports.flatMap((report) =>
        report.results.map((result) => ({ group: report.suite, row: rowFromDbbench(result) })),
      ),
    ),
    axes: axesTable(reports),
    charts: input.charts.map((chart) => ({
      title: chart.title,
      caption: chart.caption,
      svg: `charts/${chart.name}.svg`,
      spec: `charts/${chart.name}.vl.json`,
    })),
    suites: reports.map((report) => ({
      suite: report.suite,
      file: report.file,
      benchmarks: suiteSections(report, reports),
    })),
    comparison: comparisonSection(reports, input.baselines),
    interpretation: interpretation(reports),
    notesFile: `notes/${database}.md`,
    handNotes: input.handNotes,
  };
}
