import { outcomeSummary, type Answer } from './answers.js';
import { serverTitle } from './engine-name.js';
import { NOT_APPLICABLE } from './format.js';
import { DEFAULT_REPORT_PATTERN } from './find-reports.js';

/** Where the docs go when `--out` is not given (relative to the root). */
export const DEFAULT_OUT_DIR = 'benchmark-docs';
import { codeCell, markdownCell, type MarkdownTable, type TableCell } from './markdown-table.js';
import type { JmhPageName } from './page-names.js';
import type { DbbenchReportFile, JmhReportFile } from './report-file.js';

/** What the hub template (README.md) receives. */
export interface HubPageModel {
  /** One sentence: what the pages hold (servers measured, JMH reports). */
  readonly intro: string;
  /** Commands that rewrite the reports, then the one that regenerates the pages. */
  readonly commands: readonly string[];
  readonly reproduceNote: string;
  /** The command that fails when the committed pages do not match the reports. */
  readonly checkCommand: string;
  readonly suites: readonly { suite: string; benchmarks: readonly { name: string; description: string }[] }[];
  readonly reports: MarkdownTable;
  readonly pages: readonly { title: string; file: string }[];
  /** Every engine's answers side by side (one row per question and `per` value); null when none is declared. */
  readonly answers: MarkdownTable | null;
  /** Per engine with answers: "PostgreSQL 15.20: 34 decided, 5 equivalent, 2 undetermined". */
  readonly answersSummary: readonly string[];
  readonly handNotes: string | null;
}

/** Inputs of {@link hubPageModel}. */
export interface HubPageInput {
  /** dbbench reports grouped by database, in page order, with the answers their engine page computed. */
  readonly engines: readonly {
    database: string;
    reports: readonly DbbenchReportFile[];
    answers: readonly Answer[];
  }[];
  readonly jmhReports: readonly { report: JmhReportFile; page: JmhPageName }[];
  /** The `--reports` patterns the pages were generated from (undefined: the default). */
  readonly reportPatterns: readonly string[] | undefined;
  /** The output directory relative to the root, as `--out` would name it. */
  readonly outDir: string;
  /** Hand-written notes from `notes/README.md`, or null. */
  readonly handNotes: string | null;
}

function listSentence(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function quoted(pattern: string): string {
  return /^[\w./-]+$/.test(pattern) ? pattern : `'${pattern.replace(/'/g, "'\\''")}'`;
}

/**
 * Builds the hub page's view model (README.md). Its text follows what the reports are: servers
 * measured by the dbbench suites, plain JMH reports, or both; it names no server the reports do
 * not hold.
 */
export function hubPageModel(input: HubPageInput): HubPageModel {
  const titles = input.engines.map((engine) => serverTitle(engine.database, engine.reports));
  const jmhCount = input.jmhReports.length;
  const parts = [
    ...(titles.length > 0 ? [`the dbbench suites run against real ${listSentence(titles)} servers`] : []),
    ...(jmhCount > 0 ? [`${plural(jmhCount, 'plain JMH report')} (e.g. from a Java project)`] : []),
  ];
  const patterns = input.reportPatterns;
  const defaults =
    input.outDir === DEFAULT_OUT_DIR &&
    (patterns === undefined || (patterns.length === 1 && patterns[0] === DEFAULT_REPORT_PATTERN));
  // The pages say how they were made: the turbo tasks for the defaults, else the command with its flags.
  const flags = [
    ...(patterns ?? []).map((pattern) => `--reports ${quoted(pattern)}`),
    ...(input.outDir === DEFAULT_OUT_DIR ? [] : [`--out ${quoted(input.outDir)}`]),
  ].join(' ');
  const generate = defaults ? 'npx turbo run docs' : `npx dbbench-docs generate ${flags}`;
  const check = defaults ? 'npx turbo run docs:check' : `npx dbbench-docs check ${flags}`;
  const suites = new Map<string, Map<string, string>>();
  for (const engine of input.engines) {
    for (const report of engine.reports) {
      const benchmarks = suites.get(report.suite) ?? new Map<string, string>();
      for (const result of report.results) {
        if (!benchmarks.has(result.dbbench.benchmarkName)) {
          benchmarks.set(result.dbbench.benchmarkName, result.dbbench.description);
        }
      }
      suites.set(report.suite, benchmarks);
    }
  }
  const reportRows: TableCell[][] = [
    ...input.engines.flatMap((engine, index) =>
      engine.reports.map((report): TableCell[] => [
        codeCell(report.file),
        `${report.suite} suite on ${titles[index] ?? engine.database}`,
        String(report.results.length),
        String(report.results.filter((result) => result.dbbench.status === 'failed').length),
        markdownCell(`[${engine.database}.md](${engine.database}.md)`),
      ]),
    ),
    ...input.jmhReports.map(({ report, page }): TableCell[] => [
      codeCell(report.file),
      `JMH ${[...new Set(report.results.map((result) => result.jmhVersion))].join(', ')}`,
      String(report.results.length),
      '0',
      markdownCell(`[${page.name}.md](${page.name}.md)`),
    ]),
  ];
  return {
    intro: `Results of ${listSentence(parts)}, from the reports listed below.`,
    commands: [...input.engines.map((engine) => `npx turbo run bench:${engine.database}`), generate],
    reproduceNote: [
      ...(titles.length > 0
        ? [
            'The `bench:` tasks run every suite against a server (a URL you give, a container, local binaries or an embedded PostgreSQL) and rewrite its reports.',
          ]
        : []),
      ...(jmhCount > 0
        ? ['Plain JMH reports are rewritten by the project that produced them (its JMH run with `-rf json`).']
        : []),
      `\`${generate}\` turns every report into these pages and charts.`,
    ].join(' '),
    checkCommand: check,
    suites: [...suites]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([suite, benchmarks]) => ({
        suite,
        benchmarks: [...benchmarks].map(([name, description]) => ({ name, description })),
      })),
    reports: { header: ['report', 'what', 'results', 'failed', 'page'], rows: reportRows },
    pages: [
      ...input.engines.map((engine, index) => ({
        title: titles[index] ?? engine.database,
        file: `${engine.database}.md`,
      })),
      ...input.jmhReports.map(({ report, page }) => ({
        title: `JMH: ${report.file}`,
        file: `${page.name}.md`,
      })),
    ],
    answers: answersSideBySide(input.engines, titles),
    answersSummary: input.engines
      .filter((engine) => engine.answers.length > 0)
      .map(
        (engine) =>
          `${titles[input.engines.indexOf(engine)] ?? engine.database}: ${outcomeSummary(engine.answers)}`,
      ),
    handNotes: input.handNotes,
  };
}

/** One row per suite, question and `per` value; a column per engine with its short answer. */
function answersSideBySide(
  engines: HubPageInput['engines'],
  titles: readonly string[],
): MarkdownTable | null {
  const rows = new Map<string, { suite: string; questions: Set<string>; at: string; cells: string[] }>();
  engines.forEach((engine, column) => {
    for (const answer of engine.answers) {
      for (const line of answer.lines) {
        const key = JSON.stringify([answer.suite, answer.position, line.at]);
        const row = rows.get(key) ?? {
          suite: answer.suite,
          questions: new Set<string>(),
          at: line.atLabel,
          cells: engines.map(() => NOT_APPLICABLE),
        };
        row.questions.add(answer.question);
        row.cells[column] = line.cell;
        rows.set(key, row);
      }
    }
  });
  if (rows.size === 0) return null;
  return {
    header: ['suite', 'question', 'at', ...engines.map((engine, index) => titles[index] ?? engine.database)],
    // A question an engine words differently (its bulk path's name) shows each wording once.
    rows: [...rows.values()].map((row): TableCell[] => [
      row.suite,
      [...row.questions].join(' / '),
      row.at,
      ...row.cells,
    ]),
  };
}
