import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Baseline } from './baseline.js';
import { renderSvg } from './charts/render-svg.js';
import type { ChartDefinition } from './charts/score-chart.js';
import { DocsError } from './docs-error.js';
import { enginePage } from './engine-page.js';
import { DEFAULT_REPORT_PATTERN, findReportFiles, shownPath, type FoundReport } from './find-reports.js';
import { compareStrings } from './format.js';
import { findGitBaseline, isGitRoot } from './git-baseline.js';
import { DEFAULT_OUT_DIR, hubPageModel, type HubPageInput } from './hub-page.js';
import { jmhPage } from './jmh-page.js';
import { jmhPageNames } from './page-names.js';
import { parseReport } from './parse-report.js';
import type { DbbenchReportFile, JmhReportFile, ReportFile } from './report-file.js';
import { loadTemplates } from './templates.js';

/** Options shared by `generate` and `check`. */
export interface RenderOptions {
  /**
   * Repository root. Every path option — report patterns, baselines, the output directory — is
   * relative to it (or absolute); git history is read from it.
   */
  readonly root: string;
  /** Report file patterns; default `packages/*\/reports/*.json`. Each must match at least one file. */
  readonly reportPatterns?: readonly string[];
  /** Explicit baseline reports, each matched to one report (dbbench: suite and database; JMH: benchmarks). */
  readonly baselineFiles?: readonly string[];
  /** Directory of hand-written notes (`<database>.md`, `README.md`); default `<root>/benchmark-docs/notes`. */
  readonly notesDir?: string;
  /** Template directory; default the package's `templates/`. */
  readonly templateDir?: string;
  /** The output directory, relative to the root (or absolute); default `benchmark-docs`. The hub names it. */
  readonly outDir?: string;
}

async function readNotes(notesDir: string, name: string): Promise<string | null> {
  try {
    const text = (await readFile(path.join(notesDir, name), 'utf8')).trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

async function readText(file: string, shown: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new DocsError(`Cannot read ${shown}: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function checkRoot(root: string): Promise<void> {
  let isDirectory = false;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch {
    throw new DocsError(`--root ${root} does not exist. Give the repository that holds the reports.`);
  }
  if (!isDirectory)
    throw new DocsError(
      `--root ${root} is a file, not a directory. Give the repository that holds the reports.`,
    );
}

/** Every file the patterns match, once; a pattern that matches nothing is an error. */
async function matchedReports(root: string, patterns: readonly string[]): Promise<FoundReport[]> {
  const found = new Map<string, FoundReport>();
  for (const { pattern, files } of await findReportFiles(root, patterns)) {
    if (files.length === 0) {
      throw new DocsError(
        pattern === DEFAULT_REPORT_PATTERN
          ? `No report found: ${pattern} matches no file under ${root}.\nRun a benchmark first (npx turbo run bench:postgres) or name reports with --reports; nothing was written.`
          : `--reports ${pattern} matches no file under ${root}.\nPatterns are relative to --root ('*' matches within one folder name); nothing was written.`,
      );
    }
    for (const file of files) found.set(file.path, file);
  }
  return [...found.values()].sort((a, b) => compareStrings(a.shown, b.shown));
}

function sharedBenchmarks(a: JmhReportFile, b: JmhReportFile): number {
  const names = new Set(a.results.map((result) => result.benchmark));
  return new Set(b.results.map((result) => result.benchmark).filter((name) => names.has(name))).size;
}

/**
 * Matches each `--baseline` file to one current report: a dbbench baseline by suite and database,
 * a plain JMH baseline to the JMH report that shares the most benchmarks with it. A baseline that
 * matches nothing is an error (it would otherwise be ignored without a word).
 */
async function explicitBaselines(
  root: string,
  files: readonly string[],
  reports: readonly ReportFile[],
): Promise<Map<string, Baseline>> {
  const baselines = new Map<string, Baseline>();
  for (const file of files) {
    const absolute = path.resolve(root, file);
    const shown = shownPath(root, absolute);
    const previous = parseReport(shown, await readText(absolute, `--baseline ${shown}`));
    const target =
      previous.kind === 'dbbench'
        ? reports.find(
            (report) =>
              report.kind === 'dbbench' &&
              report.suite === previous.suite &&
              report.database === previous.database,
          )
        : reports
            .filter((report): report is JmhReportFile => report.kind === 'jmh')
            .map((report) => ({ report, shared: sharedBenchmarks(report, previous) }))
            .filter((entry) => entry.shared > 0)
            .sort((a, b) => b.shared - a.shared)[0]?.report;
    if (!target) {
      throw new DocsError(
        `--baseline ${shown} matches no report being rendered (${previous.kind === 'dbbench' ? `suite "${previous.suite}" on "${previous.database}"` : 'no JMH report shares a benchmark with it'}); nothing was written.`,
      );
    }
    baselines.set(target.file, {
      origin: `compared with \`${path.basename(absolute)}\`, given with --baseline`,
      report: previous,
    });
  }
  return baselines;
}

async function gitBaseline(root: string, report: ReportFile, text: string): Promise<Baseline> {
  if (path.isAbsolute(report.file)) {
    return { origin: 'outside the repository, so it has no history to compare with', report: undefined };
  }
  const found = await findGitBaseline(root, report.file, text);
  if (!found)
    return { origin: 'no earlier committed version differs from it, nothing to compare', report: undefined };
  try {
    const previous = parseReport(`${report.file} at commit ${found.commit}`, found.text);
    if (previous.kind !== report.kind) throw new DocsError('it is a different kind of report');
    return { origin: `compared with the version at commit ${found.commit}`, report: previous };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return {
      origin: `the version at commit ${found.commit} cannot be read (${reason}), nothing to compare`,
      report: undefined,
    };
  }
}

async function renderCharts(charts: readonly ChartDefinition[], output: Map<string, string>): Promise<void> {
  for (const chart of charts) {
    const spec = `charts/${chart.name}.vl.json`;
    if (output.has(spec)) throw new Error(`two charts are named ${chart.name}`);
    output.set(spec, `${JSON.stringify(chart.spec, null, 2)}\n`);
    // Sequential on purpose: vega's SVG id counter is global.
    output.set(`charts/${chart.name}.svg`, await renderSvg(chart.spec));
  }
}

/**
 * Reads and validates every report, then renders all pages and charts in memory. Returns the
 * generated files (path relative to the output directory → content), in sorted order. Throws a
 * {@link DocsError} before rendering anything if a pattern matches nothing, a report is invalid,
 * or a baseline matches no report.
 */
export async function renderDocs(options: RenderOptions): Promise<Map<string, string>> {
  const root = path.resolve(options.root);
  await checkRoot(root);
  const notesDir = path.resolve(
    root,
    options.notesDir ?? path.join(options.outDir ?? DEFAULT_OUT_DIR, 'notes'),
  );
  const patterns = options.reportPatterns ?? [DEFAULT_REPORT_PATTERN];
  const loaded: { report: ReportFile; text: string }[] = [];
  for (const file of await matchedReports(root, patterns)) {
    const text = await readText(file.path, file.shown);
    loaded.push({ report: parseReport(file.shown, text), text });
  }
  const explicit = await explicitBaselines(
    root,
    options.baselineFiles ?? [],
    loaded.map((entry) => entry.report),
  );
  const useGit = explicit.size === 0 && (await isGitRoot(root));

  const byEngine = new Map<string, DbbenchReportFile[]>();
  const jmhReports: JmhReportFile[] = [];
  const baselines = new Map<string, Baseline>();
  const seen = new Map<string, string>();
  for (const { report, text } of loaded) {
    const baseline =
      explicit.get(report.file) ?? (useGit ? await gitBaseline(root, report, text) : undefined);
    if (baseline) baselines.set(report.file, baseline);
    if (report.kind === 'jmh') {
      jmhReports.push(report);
      continue;
    }
    const key = `${report.suite}\u0000${report.database}`;
    const other = seen.get(key);
    if (other) {
      throw new DocsError(
        `${other} and ${report.file} both hold suite "${report.suite}" on "${report.database}": keep one report per suite and database; nothing was written.`,
      );
    }
    seen.set(key, report.file);
    byEngine.set(report.database, [...(byEngine.get(report.database) ?? []), report]);
  }

  const templates = await loadTemplates(options.templateDir);
  const output = new Map<string, string>();
  const engines: HubPageInput['engines'][number][] = [];
  // Engines in name order: the docs know no engine by name, so no engine comes first by fiat.
  for (const database of [...byEngine.keys()].sort(compareStrings)) {
    const reports = (byEngine.get(database) ?? []).sort((a, b) => compareStrings(a.suite, b.suite));
    const page = enginePage({
      database,
      reports,
      baselines,
      handNotes: await readNotes(notesDir, `${database}.md`),
    });
    await renderCharts(page.charts, output);
    output.set(`${database}.md`, templates.engine(page.model));
    engines.push({ database, reports, answers: page.answers, changes: page.changes });
  }
  const names = jmhPageNames(
    jmhReports.map((report) => report.file),
    new Set(['readme', ...engines.map((engine) => engine.database)]),
  );
  const jmhPages: HubPageInput['jmhReports'][number][] = [];
  for (const report of jmhReports) {
    const page = names.get(report.file)!;
    const built = jmhPage(report, page, baselines.get(report.file));
    await renderCharts(built.charts, output);
    output.set(`${page.name}.md`, templates.jmh(built.model));
    jmhPages.push({ report, page, changes: built.changes });
  }
  output.set(
    'README.md',
    templates.hub(
      hubPageModel({
        engines,
        jmhReports: jmhPages,
        reportPatterns: options.reportPatterns,
        outDir: shownPath(root, path.resolve(root, options.outDir ?? DEFAULT_OUT_DIR)),
        handNotes: await readNotes(notesDir, 'README.md'),
      }),
    ),
  );
  return new Map([...output].sort(([a], [b]) => compareStrings(a, b)));
}
