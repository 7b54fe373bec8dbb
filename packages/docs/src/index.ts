/**
 * @dbbench/docs — JSON benchmark reports → Markdown pages (Handlebars) and Vega-Lite charts
 * rendered to SVG, with a baseline comparison and a staleness check.
 */
export { DocsError } from './docs-error.js';
export { generateDocs, type GenerateOptions } from './generate-docs.js';
export { checkDocs, isCurrent, type CheckOptions, type DocsDifferences } from './check-docs.js';
export { renderDocs, type RenderOptions } from './render-docs.js';
export { parseReport, formatJsonPath } from './parse-report.js';
export type { ReportFile, DbbenchReportFile, JmhReportFile } from './report-file.js';
export { findReportFiles, DEFAULT_REPORT_PATTERN } from './find-reports.js';
export { findGitBaseline, isGitRoot, type GitBaseline } from './git-baseline.js';
export {
  compareResult,
  COMPARISON_DEFAULTS,
  type ResultComparison,
  type Verdict,
  type ComparisonOptions,
} from './compare-results.js';
export {
  mannWhitneyU,
  bootstrapRatioOfMeans,
  seededRandom,
  mean,
  type MannWhitneyResult,
} from './statistics.js';
export { rowFromDbbench, rowFromJmh, resultKey, type ResultRow } from './result-row.js';
export { efficiencyBasis, jobEfficiency, type EfficiencyBasis } from './efficiency.js';
export { engineCharts } from './charts/engine-charts.js';
export type { ChartDefinition } from './charts/chart-descriptor.js';
export { lineChartSpec, chooseScale } from './charts/line-chart-spec.js';
export { renderSvg } from './charts/render-svg.js';
export { formatNumber, formatPercent, formatBytes, escapeTableCell } from './format.js';
