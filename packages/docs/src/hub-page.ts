import { engineTitle } from './environment.js';
import { efficiencyBasis, JOB_BENCHMARK, jobEfficiency, rowsPerSecond } from './efficiency.js';
import { compareParamValues, formatNumber, formatRatio, NOT_APPLICABLE } from './format.js';
import { codeCell, markdownCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import { finiteScore, rowFromDbbench, type ResultRow } from './result-row.js';
import type { DbbenchReportFile, JmhReportFile } from './report-file.js';
import { averageMilliseconds, operationsPerSecond } from './units.js';

/** What the hub template (README.md) receives. */
export interface HubPageModel {
  readonly hasReports: boolean;
  readonly suites: readonly { suite: string; benchmarks: readonly { name: string; description: string }[] }[];
  readonly profiles: MarkdownTable;
  readonly headline: MarkdownTable | null;
  readonly headlineNotes: readonly string[];
  readonly pages: readonly { title: string; file: string }[];
  readonly charts: readonly { title: string; svg: string }[];
  readonly jmhPages: readonly { title: string; file: string; source: string }[];
  readonly handNotes: string | null;
}

/** Inputs of {@link hubPageModel}. */
export interface HubPageInput {
  /** dbbench reports grouped by database, in page order. */
  readonly engines: readonly {
    database: string;
    reports: readonly DbbenchReportFile[];
    charts: readonly { title: string; name: string }[];
  }[];
  readonly jmhReports: readonly JmhReportFile[];
  /** Hand-written notes from `notes/README.md`, or null. */
  readonly handNotes: string | null;
}

/** The end-to-end axes the headline compares on; a suite's other axes are taken at their largest value. */
const HEADLINE_AXES = ['dataSize', 'poolSize', 'partitions'] as const;

function compareByAxes(a: ResultRow, b: ResultRow, axes: readonly string[]): number {
  for (const axis of axes) {
    const order = compareParamValues(a.params[axis] ?? '', b.params[axis] ?? '');
    if (order !== 0) return order;
  }
  return 0;
}

function configKey(row: ResultRow): string {
  return HEADLINE_AXES.map((axis) => row.params[axis] ?? '').join('\u0000');
}

/**
 * Picks each suite's job result for the headline: the largest (dataSize, poolSize, partitions)
 * measured by every suite of the engine (so the suites are compared like for like), or each
 * suite's own largest when they share none.
 */
function headlineRows(
  reports: readonly DbbenchReportFile[],
): { report: DbbenchReportFile; row: ResultRow }[] {
  const jobs = reports
    .map((report) => ({
      report,
      rows: report.results
        .filter((result) => result.dbbench.benchmarkName === JOB_BENCHMARK)
        .map(rowFromDbbench),
    }))
    .filter((entry) => entry.rows.length > 0);
  const shared = jobs
    .map((entry) => new Set(entry.rows.map(configKey)))
    .reduce<
      Set<string> | undefined
    >((common, keys) => (common ? new Set([...common].filter((key) => keys.has(key))) : keys), undefined);
  return jobs.map(({ report, rows }) => {
    const candidates = rows.filter((row) => !shared || shared.size === 0 || shared.has(configKey(row)));
    const largest = [...candidates].sort(
      (a, b) => compareByAxes(b, a, HEADLINE_AXES) || compareByAxes(b, a, b.axes),
    )[0]!;
    return { report, row: largest };
  });
}

function headlineTable(engines: HubPageInput['engines']): { table: MarkdownTable | null; notes: string[] } {
  const rows: TableCell[][] = [];
  const notes = new Set<string>();
  for (const engine of engines) {
    for (const { report, row } of headlineRows(engine.reports)) {
      const failed = row.status === 'failed';
      const score = failed ? undefined : finiteScore(row.primary);
      const basis = efficiencyBasis(report, engine.reports);
      const efficiency = failed ? undefined : jobEfficiency(row, basis);
      const extra = row.axes.filter((axis) => !(HEADLINE_AXES as readonly string[]).includes(axis));
      if (extra.length > 0) {
        notes.add(
          `The ${report.suite} job on ${engineTitle(engine.database)} is shown at ${extra.map((axis) => `${axis} ${row.params[axis] ?? ''}`).join(', ')}.`,
        );
      }
      if (basis.borrowed && basis.limitReport) {
        notes.add(
          `The ${report.suite} suite has no limit benchmark: its efficiency uses the ${basis.limitReport.suite} suite's limit on the same engine.`,
        );
      }
      rows.push([
        engineTitle(engine.database),
        report.suite,
        ...HEADLINE_AXES.map((axis) => row.params[axis] ?? NOT_APPLICABLE),
        failed ? 'failed' : formatNumber(operationsPerSecond(score, row.primary.scoreUnit)),
        failed ? 'failed' : formatNumber(averageMilliseconds(score, row.primary.scoreUnit)),
        failed ? 'failed' : formatNumber(rowsPerSecond(row)),
        failed ? 'failed' : formatRatio(efficiency),
      ]);
    }
  }
  return {
    table:
      rows.length === 0
        ? null
        : {
            header: [
              'engine',
              'suite',
              'dataSize',
              'poolSize',
              'partitions',
              'ops/s',
              'avg ms',
              'rows/s',
              'efficiency vs limit',
            ],
            rows,
          },
    notes: [...notes],
  };
}

/** Builds the hub page's view model (benchmark-docs/README.md). */
export function hubPageModel(input: HubPageInput): HubPageModel {
  const allReports = input.engines.flatMap((engine) => engine.reports);
  const suites = new Map<string, Map<string, string>>();
  for (const report of [...allReports].sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : 0))) {
    const benchmarks = suites.get(report.suite) ?? new Map<string, string>();
    for (const result of report.results) {
      if (!benchmarks.has(result.dbbench.benchmarkName))
        benchmarks.set(result.dbbench.benchmarkName, result.dbbench.description);
    }
    suites.set(report.suite, benchmarks);
  }
  const headline = headlineTable(input.engines);
  return {
    hasReports: allReports.length > 0 || input.jmhReports.length > 0,
    suites: [...suites].map(([suite, benchmarks]) => ({
      suite,
      benchmarks: [...benchmarks].map(([name, description]) => ({ name, description })),
    })),
    profiles: {
      header: ['suite', 'engine', 'profile', 'turbo command', 'report file', 'page'],
      rows: input.engines.flatMap((engine) =>
        engine.reports.map((report): TableCell[] => [
          report.suite,
          engineTitle(engine.database),
          [...new Set(report.results.map((result) => result.dbbench.profile))].join(', '),
          codeCell(`npx turbo run bench:${engine.database}`),
          codeCell(report.file),
          markdownCell(`[${engine.database}.md](${engine.database}.md)`),
        ]),
      ),
    },
    headline: headline.table,
    headlineNotes: headline.notes,
    pages: input.engines.map((engine) => ({
      title: engineTitle(engine.database),
      file: `${engine.database}.md`,
    })),
    charts: input.engines.flatMap((engine) =>
      engine.charts.map((chart) => ({ title: chart.title, svg: `charts/${chart.name}.svg` })),
    ),
    jmhPages: input.jmhReports.map((report) => ({
      title: report.name,
      file: `jmh-${report.name}.md`,
      source: report.file,
    })),
    handNotes: input.handNotes,
  };
}
