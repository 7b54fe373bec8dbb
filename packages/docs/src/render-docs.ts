import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Baseline } from './baseline.js';
import { engineCharts } from './charts/engine-charts.js';
import { renderSvg } from './charts/render-svg.js';
import { DocsError } from './docs-error.js';
import { enginePageModel } from './engine-page.js';
import { compareStrings } from './format.js';
import { DEFAULT_REPORT_PATTERN, findReportFiles } from './find-reports.js';
import { findGitBaseline, isGitRoot } from './git-baseline.js';
import { hubPageModel } from './hub-page.js';
import { jmhPageModel } from './jmh-page.js';
import { parseReport } from './parse-report.js';
import type { DbbenchReportFile, JmhReportFile, ReportFile } from './report-file.js';
import { loadTemplates } from './templates.js';

/** Options shared by `generate` and `check`. */
export interface RenderOptions {
  /** Repository root: report patterns and git history are relative to it. */
  readonly root: string;
  /** Report file patterns relative to `root`; default `packages/*\/reports/*.json`. */
  readonly reportPatterns?: readonly string[];
  /** Explicit baseline reports (absolute or relative to the working directory), matched by suite and database. */
  readonly baselineFiles?: readonly string[];
  /** Directory of hand-written notes (`<database>.md`, `README.md`); default `<root>/benchmark-docs/notes`. */
  readonly notesDir?: string;
  /** Template directory; default the package's `templates/`. */
  readonly templateDir?: string;
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
    throw new DocsError(`Cannot read ${shown}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function explicitBaselines(files: readonly string[]): Promise<Map<string, Baseline>> {
  const baselines = new Map<string, Baseline>();
  for (const file of files) {
    const report = parseReport(file, await readText(path.resolve(file), file));
    if (report.kind !== 'dbbench') {
      throw new DocsError(`--baseline ${file} is a plain JMH report; a baseline must be a dbbench report.`);
    }
    baselines.set(`${report.suite}\u0000${report.database}`, {
      origin: `compared with \`${path.basename(file)}\`, given with --baseline`,
      report,
    });
  }
  return baselines;
}

async function gitBaseline(root: string, report: ReportFile, text: string): Promise<Baseline> {
  const found = await findGitBaseline(root, report.file, text);
  if (!found)
    return { origin: 'no earlier committed version differs from it, nothing to compare', report: undefined };
  try {
    const previous = parseReport(`${report.file} at commit ${found.commit}`, found.text);
    if (previous.kind !== 'dbbench') throw new DocsError('it is a plain JMH report');
    return { origin: `compared with the version at commit ${found.commit}`, report: previous };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return {
      origin: `the version at commit ${found.commit} cannot be read (${reason}), nothing to compare`,
      report: undefined,
    };
  }
}

/**
 * Reads and validates every report, then renders all pages and charts in memory. Returns the
 * generated files (path relative to the output directory → content), in sorted order. Throws a
 * {@link DocsError} before rendering anything if any report is invalid.
 */
export async function renderDocs(options: RenderOptions): Promise<Map<string, string>> {
  const root = path.resolve(options.root);
  const notesDir = options.notesDir ?? path.join(root, 'benchmark-docs', 'notes');
  const files = await findReportFiles(root, options.reportPatterns ?? [DEFAULT_REPORT_PATTERN]);
  const loaded: { report: ReportFile; text: string }[] = [];
  for (const file of files) {
    const text = await readText(path.join(root, file), file);
    loaded.push({ report: parseReport(file, text), text });
  }
  const explicit = await explicitBaselines(options.baselineFiles ?? []);
  const useGit = explicit.size === 0 && (await isGitRoot(root));

  const byEngine = new Map<string, DbbenchReportFile[]>();
  const jmhReports: JmhReportFile[] = [];
  const baselines = new Map<string, Baseline>();
  const seen = new Map<string, string>();
  for (const { report, text } of loaded) {
    if (report.kind === 'jmh') {
      jmhReports.push(report);
      continue;
    }
    const key = `${report.suite}\u0000${report.database}`;
    const other = seen.get(key);
    if (other) {
      throw new DocsError(
        `${other} and ${report.file} both hold suite "${report.suite}" on "${report.database}": keep one report per suite and database.`,
      );
    }
    seen.set(key, report.file);
    byEngine.set(report.database, [...(byEngine.get(report.database) ?? []), report]);
    const baseline = explicit.get(key) ?? (useGit ? await gitBaseline(root, report, text) : undefined);
    if (baseline) baselines.set(report.file, baseline);
  }

  const templates = await loadTemplates(options.templateDir);
  const output = new Map<string, string>();
  const engines = [];
  // Engines in name order: the docs know no engine by name, so no engine comes first by fiat.
  for (const database of [...byEngine.keys()].sort(compareStrings)) {
    const reports = (byEngine.get(database) ?? []).sort((a, b) => compareStrings(a.suite, b.suite));
    const charts = engineCharts(database, reports);
    for (const chart of charts) {
      output.set(`charts/${chart.name}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
      // Sequential on purpose: vega's SVG id counter is global.
      output.set(`charts/${chart.name}.svg`, await renderSvg(chart.spec));
    }
    const model = enginePageModel({
      database,
      reports,
      baselines,
      charts,
      handNotes: await readNotes(notesDir, `${database}.md`),
    });
    output.set(`${database}.md`, templates.engine(model));
    engines.push({ database, reports, charts });
  }
  for (const report of jmhReports) output.set(`jmh-${report.name}.md`, templates.jmh(jmhPageModel(report)));
  output.set(
    'README.md',
    templates.hub(hubPageModel({ engines, jmhReports, handNotes: await readNotes(notesDir, 'README.md') })),
  );
  return new Map([...output].sort(([a], [b]) => compareStrings(a, b)));
}
