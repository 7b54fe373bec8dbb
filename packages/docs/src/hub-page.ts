import type { AnswerChange } from './answer-changes.js';
import { LEVEL_TEXT, outcomeSummary, THRESHOLD_TEXT, type Answer } from './answers.js';
import { serverTitle } from './engine-name.js';
import { listSentence, NOT_APPLICABLE } from './format.js';
import { DEFAULT_REPORT_PATTERN } from './find-reports.js';

/** Where the docs go when `--out` is not given (relative to the root). */
export const DEFAULT_OUT_DIR = 'benchmark-docs';
import {
  codeCell,
  inlineCellMarkdown,
  markdownCell,
  type MarkdownTable,
  type TableCell,
} from './markdown-table.js';
import { sharedMachineNote } from './machine-note.js';
import type { JmhPageName } from './page-names.js';
import type { DbbenchReportFile, JmhReportFile } from './report-file.js';

/** What a page's comparison with the previous committed reports found, for the hub's summary. */
export interface PageChangeCounts {
  /** Whether any result had a previous value. */
  readonly compared: boolean;
  /** "6 regressed, 82 unchanged (~)", or why nothing was compared. */
  readonly verdicts: string;
  /** Answer lines whose outcome or winner changed; undefined when there was nothing to compare with. */
  readonly answerChanges: readonly AnswerChange[] | undefined;
}

/** One page's entry in the hub's summary of changes: a sentence, and the answer lines that changed. */
export interface PageChanges {
  readonly title: string;
  readonly summary: string;
  /** "pooled: COPY or …? (dataSize 1,000): undetermined → **COPY** is 2.4× …", folded under the sentence. */
  readonly lines: readonly string[];
}

function changeSummary(title: string, file: string, changes: PageChangeCounts): PageChanges {
  const changed = changes.answerChanges ?? [];
  const answers =
    changes.answerChanges === undefined
      ? ''
      : changed.length === 0
        ? '; no answer line changed its verdict'
        : `; ${plural(changed.length, 'answer line')} changed verdict`;
  return {
    title,
    summary: `[${title}](${file}): ${changes.verdicts}${answers}`,
    lines: changed.map((change) => `${change.suite}: ${change.line}: ${change.before} → ${change.now}`),
  };
}

const ANSWERS_INTRO = `Each question the suites declare, answered on every engine in its page's words: a decided line names the winner first with its ratio and ${LEVEL_TEXT} interval; an equivalent line is the same within ${THRESHOLD_TEXT}; an undetermined line gives its interval (the engine page says why, and how many more fork pairs would settle it). ‡: the two sides come from separate runs.`;

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
  /** Every engine's answers side by side, per suite one row per question; empty when none is declared. */
  readonly answers: readonly { suite: string; table: MarkdownTable }[];
  /** Who shared the machine with the servers, and what that means for the answers; null when unknown. */
  readonly machineNote: string | null;
  /** Per page, what changed since the previous committed reports. */
  readonly changes: readonly PageChanges[];
  /** How to read the answer tables. */
  readonly answersIntro: string;
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
    changes: PageChangeCounts;
  }[];
  readonly jmhReports: readonly { report: JmhReportFile; page: JmhPageName; changes: PageChangeCounts }[];
  /** The `--reports` patterns the pages were generated from (undefined: the default). */
  readonly reportPatterns: readonly string[] | undefined;
  /** The output directory relative to the root, as `--out` would name it. */
  readonly outDir: string;
  /** Hand-written notes from `notes/README.md`, or null. */
  readonly handNotes: string | null;
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
  const changedPages = [
    ...input.engines.map((engine, index) => ({
      title: titles[index] ?? engine.database,
      file: `${engine.database}.md`,
      changes: engine.changes,
    })),
    ...input.jmhReports.map(({ report, page, changes }) => ({
      title: `JMH: ${report.file}`,
      file: `${page.name}.md`,
      changes,
    })),
  ];
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
    answersIntro: ANSWERS_INTRO,
    machineNote: sharedMachineNote(
      input.engines.map((engine, index) => ({
        title: titles[index] ?? engine.database,
        reports: engine.reports,
      })),
    ),
    // Only when some page had a previous report: a list of "nothing to compare" says nothing.
    changes: changedPages.some(({ changes }) => changes.compared)
      ? changedPages.map(({ title, file, changes }) => changeSummary(title, file, changes))
      : [],
    answersSummary: input.engines
      .filter((engine) => engine.answers.length > 0)
      .map(
        (engine) =>
          `${titles[input.engines.indexOf(engine)] ?? engine.database}: ${outcomeSummary(engine.answers)}`,
      ),
    handNotes: input.handNotes,
  };
}

/**
 * Per suite, one row per question and a column per engine: each line's verdict in the engine page's
 * own words (the winner first), after that engine's own `per` label, so a cell never borrows another
 * engine's names. A question an engine words differently (its bulk path's name) shows each wording
 * with its engine.
 */
function answersSideBySide(
  engines: HubPageInput['engines'],
  titles: readonly string[],
): { suite: string; table: MarkdownTable }[] {
  const suites = new Map<string, Map<number, { wordings: Map<string, string[]>; cells: TableCell[] }>>();
  engines.forEach((engine, column) => {
    const title = titles[column] ?? engine.database;
    for (const answer of engine.answers) {
      const questions =
        suites.get(answer.suite) ??
        new Map<number, { wordings: Map<string, string[]>; cells: TableCell[] }>();
      const row = questions.get(answer.position) ?? {
        wordings: new Map<string, string[]>(),
        cells: engines.map((): TableCell => NOT_APPLICABLE),
      };
      row.wordings.set(answer.question, [...(row.wordings.get(answer.question) ?? []), title]);
      row.cells[column] = markdownCell(
        answer.lines
          .map((line) =>
            inlineCellMarkdown(line.atLabel === '' ? line.verdict : `${line.atLabel}: ${line.verdict}`),
          )
          .join('<br>'),
      );
      questions.set(answer.position, row);
      suites.set(answer.suite, questions);
    }
  });
  return [...suites].map(([suite, questions]) => ({
    suite,
    table: {
      header: ['question', ...engines.map((engine, index) => titles[index] ?? engine.database)],
      rows: [...questions]
        .sort(([a], [b]) => a - b)
        .map(([, row]): TableCell[] => [
          row.wordings.size === 1
            ? [...row.wordings.keys()].join('')
            : [...row.wordings].map(([wording, where]) => `${wording} (${where.join(', ')})`).join(' / '),
          ...row.cells,
        ]),
    },
  }));
}
