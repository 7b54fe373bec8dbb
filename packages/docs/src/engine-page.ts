import { ANSWERS_NOTE, answersOf, outcomeSummary, type Answer } from './answers.js';
import type { Baseline } from './baseline.js';
import { benchmarkSections, type BenchmarkSection } from './benchmark-section.js';
import { answersChart } from './charts/answers-chart.js';
import { CONFIDENCE_TEXT, type ChartDefinition } from './charts/score-chart.js';
import { comparisonSection, type ComparisonModel } from './comparison.js';
import { productName, serverTitle } from './engine-name.js';
import { databaseRunInfo } from './environment.js';
import { compareParamValues, compareStrings, formatBytes, NOT_APPLICABLE } from './format.js';
import { codeCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import { profilesTable } from './profiles-table.js';
import { runTimeTable } from './run-time-table.js';
import { answerChanges } from './answer-changes.js';
import type { PageChangeCounts } from './hub-page.js';
import { sharedMachineNote } from './machine-note.js';
import { reportRows } from './report-rows.js';
import type { DbbenchReportFile } from './report-file.js';
import { rowFromDbbench } from './result-row.js';
import { formatSetting } from './settings-format.js';

/** What the engine page template receives. */
export interface EnginePageModel {
  /** The server as its version string names it: "MariaDB 10.11", "PostgreSQL 15.20". */
  readonly title: string;
  readonly database: string;
  readonly benchCommand: string;
  readonly reportFiles: readonly string[];
  readonly environment: MarkdownTable;
  readonly profiles: MarkdownTable;
  /** Where the run's wall time went, per suite and benchmark; null when the reports do not record it. */
  readonly runTime: MarkdownTable | null;
  readonly axes: MarkdownTable;
  readonly failureSummary: string | null;
  /** The questions each suite declares, answered from its report; empty when none is declared. */
  readonly answers: readonly { suite: string; answers: readonly Answer[] }[];
  readonly answersNote: string;
  /** "34 decided, 5 equivalent, 2 undetermined": the page's answer lines by outcome. */
  readonly answersSummary: string;
  /** The caveat of a machine the client shared with the server, or null. */
  readonly machineNote: string | null;
  /** The answers chart (file names relative to the page), or null when no speed answer was answered. */
  readonly answersChart: {
    readonly title: string;
    readonly svg: string;
    readonly spec: string;
    readonly caption: string;
  } | null;
  readonly suites: readonly { suite: string; file: string; benchmarks: readonly BenchmarkSection[] }[];
  readonly comparison: ComparisonModel;
  readonly notesFile: string;
  readonly handNotes: string | null;
  /** The interval every score carries, for the reading guide. */
  readonly confidence: string;
}

/** Inputs of {@link enginePage}. */
export interface EnginePageInput {
  readonly database: string;
  /** This engine's reports, one per suite. */
  readonly reports: readonly DbbenchReportFile[];
  /** Baseline per report file. */
  readonly baselines: ReadonlyMap<string, Baseline>;
  /** Hand-written notes (Markdown) from `notes/<database>.md`, or null. */
  readonly handNotes: string | null;
}

function distinct(values: readonly string[]): string {
  const unique = [...new Set(values)];
  return unique.length === 0 ? NOT_APPLICABLE : unique.join(', ');
}

function environmentTable(reports: readonly DbbenchReportFile[], database: string): MarkdownTable {
  const extensions = (report: DbbenchReportFile) => report.results.map((result) => result.dbbench);
  const column = (
    pick: (extension: DbbenchReportFile['results'][number]['dbbench']) => string,
  ): TableCell[] => reports.map((report) => distinct(extensions(report).map(pick)));
  const settingNames = [
    ...new Set(
      reports.flatMap((r) => extensions(r).flatMap((e) => Object.keys(databaseRunInfo(e).settings))),
    ),
  ].sort(compareStrings);
  const finished = (report: DbbenchReportFile): string => {
    const times = extensions(report)
      .map((e) => e.finishedAt)
      .sort(compareStrings);
    const firstTime = times[0];
    const lastTime = times[times.length - 1];
    if (firstTime === undefined || lastTime === undefined) return NOT_APPLICABLE;
    return firstTime === lastTime ? firstTime : `${firstTime} to ${lastTime}`;
  };
  const rows: TableCell[][] = [
    ['Node.js', ...column((e) => e.environment.node)],
    ['V8', ...column((e) => e.environment.v8)],
    ['OS', ...column((e) => e.environment.os)],
    ['CPU', ...column((e) => e.environment.cpuModel)],
    ['cores', ...column((e) => String(e.environment.cores))],
    ['CPUs the runner may use', ...column((e) => e.environment.cpuAffinity ?? 'not recorded')],
    ['RAM', ...column((e) => formatBytes(e.environment.memoryBytes))],
    [
      'server',
      ...column((e) => {
        const info = databaseRunInfo(e);
        return productName(info.version, info.engine, database);
      }),
    ],
    ['server version', ...column((e) => databaseRunInfo(e).version ?? NOT_APPLICABLE)],
    ['provider', ...column((e) => databaseRunInfo(e).provider ?? NOT_APPLICABLE)],
    ...settingNames.map((name): TableCell[] => [
      codeCell(name),
      ...column((e) => {
        const value = databaseRunInfo(e).settings[name];
        return value === undefined ? NOT_APPLICABLE : formatSetting(name, value);
      }),
    ]),
    ['harness version', ...column((e) => e.harnessVersion)],
    ['profile', ...column((e) => e.profile)],
    [
      'git commit',
      ...column((e) => `${e.git.commit.slice(0, 12)}${e.git.dirty ? ' (uncommitted changes)' : ''}`),
    ],
    ['run finished (UTC)', ...reports.map(finished)],
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

function failureSummary(reports: readonly DbbenchReportFile[]): string | null {
  const parts = reports.flatMap((report) => {
    const failed = report.results.filter((result) => result.dbbench.status === 'failed').length;
    return failed === 0 ? [] : [`${report.suite}: ${failed} of ${report.results.length}`];
  });
  return parts.length === 0
    ? null
    : `Failed combinations (${parts.join('; ')}) are shown as failed, with their reason under the table; a failure is never scored.`;
}

function answersBySuite(reports: readonly DbbenchReportFile[]): { suite: string; answers: Answer[] }[] {
  const answers = answersOf(reports.flatMap((report) => report.results.map(rowFromDbbench)));
  return reports
    .map((report) => ({
      suite: report.suite,
      answers: answers.filter((answer) => answer.suite === report.suite),
    }))
    .filter((suite) => suite.answers.length > 0);
}

/** Builds the view model of one engine's page (`<database>.md`) and the charts it shows. */
export function enginePage(input: EnginePageInput): {
  model: EnginePageModel;
  charts: ChartDefinition[];
  /** Every answer of the page, for the hub (computed once, reused by the hub). */
  answers: Answer[];
  /** What changed since the previous committed reports, for the hub's summary. */
  changes: PageChangeCounts;
} {
  const { database, reports } = input;
  const title = serverTitle(database, reports);
  const charts: ChartDefinition[] = [];
  const suites = reports.map((report) => {
    const built = benchmarkSections(report.results.map(rowFromDbbench), {
      chartPrefix: `${database}-${report.suite}`,
      titlePrefix: title,
      headingPrefix: `${report.suite} / `,
    });
    charts.push(...built.charts);
    return { suite: report.suite, file: report.file, benchmarks: built.sections };
  });
  const answers = answersBySuite(reports);
  const allAnswers = answers.flatMap((suite) => suite.answers);
  const comparison = comparisonSection(
    reports.map((report) => ({
      file: report.file,
      label: report.suite,
      rows: report.results.map(rowFromDbbench),
      baseline: input.baselines.get(report.file),
    })),
  );
  const previousRows = reports.flatMap((report) => {
    const previous = input.baselines.get(report.file)?.report;
    return previous === undefined ? [] : reportRows(previous);
  });
  const chart = answersChart({
    name: `${database}-answers`,
    title: `${title}: answers`,
    answers: allAnswers,
  });
  if (chart !== undefined) charts.push(chart);
  const model: EnginePageModel = {
    title,
    database,
    benchCommand: `npx turbo run bench:${database}`,
    reportFiles: reports.map((report) => report.file),
    environment: environmentTable(reports, database),
    profiles: profilesTable(
      reports.flatMap((report) =>
        report.results.map((result) => ({ group: report.suite, row: rowFromDbbench(result) })),
      ),
    ),
    runTime: runTimeTable(
      reports.flatMap((report) =>
        report.results.map((result) => ({ group: report.suite, row: rowFromDbbench(result) })),
      ),
    ),
    axes: axesTable(reports),
    failureSummary: failureSummary(reports),
    answers,
    answersChart:
      chart === undefined
        ? null
        : {
            title: chart.title,
            svg: `charts/${chart.name}.svg`,
            spec: `charts/${chart.name}.vl.json`,
            caption: chart.caption,
          },
    answersNote: ANSWERS_NOTE,
    answersSummary: outcomeSummary(allAnswers),
    machineNote: sharedMachineNote([{ title, reports }]),
    suites,
    comparison,
    confidence: CONFIDENCE_TEXT,
    notesFile: `notes/${database}.md`,
    handNotes: input.handNotes,
  };
  return {
    model,
    charts,
    answers: allAnswers,
    changes: {
      compared: comparison.compared,
      verdicts: comparison.verdicts,
      answerChanges:
        previousRows.length === 0 ? undefined : answerChanges(allAnswers, answersOf(previousRows)),
    },
  };
}
