/**
 * @dbbench/docs — JSON benchmark reports → Markdown pages (Handlebars) and Vega-Lite charts
 * rendered to SVG, with a baseline comparison and a staleness check.
 */
export { DocsError } from './docs-error.js';
export { describeCliError, type CliFailure } from './cli-errors.js';
export { generateDocs, type GenerateOptions } from './generate-docs.js';
export { checkDocs, isCurrent, type CheckOptions, type DocsDifferences } from './check-docs.js';
export { renderDocs, type RenderOptions } from './render-docs.js';
export { GENERATED_MARKER, listGeneratedFiles, type ReplaceResult } from './output-dir.js';
export { parseReport } from './parse-report.js';
export { formatJsonPath } from './json-path.js';
export { iterationMeans } from './jmh-histogram.js';
export type { ReportFile, DbbenchReportFile, JmhReportFile } from './report-file.js';
export {
  findReportFiles,
  DEFAULT_REPORT_PATTERN,
  type FoundReport,
  type PatternMatches,
} from './find-reports.js';
export {
  findGitBaseline,
  isGitRoot,
  isShallowRepository,
  gitTopLevel,
  type GitBaseline,
} from './git-baseline.js';
export { comparisonSection, type ComparedReport, type ComparisonModel } from './comparison.js';
export { rowFromDbbench, rowFromJmh, resultKey, scoreInterval, type ResultRow } from './result-row.js';
export { benchmarkTables, MAX_MAIN_COLUMNS, type BenchmarkTables } from './results-table.js';
export { jmhPageNames, type JmhPageName } from './page-names.js';
export { productName, releaseOf, serverTitle } from './engine-name.js';
export { formatSetting } from './settings-format.js';
export { scoreChart, CONFIDENCE_TEXT, type ChartDefinition } from './charts/score-chart.js';
export { scoreChartSpec, chooseScale, type JsonValue } from './charts/score-chart-spec.js';
export { renderSvg } from './charts/render-svg.js';
export { formatNumber, formatPercent, formatBytes, escapeTableCell } from './format.js';
