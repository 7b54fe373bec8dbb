import type { ReportFile } from './report-file.js';
import { rowFromDbbench, rowFromJmh, type ResultRow } from './result-row.js';

/** The rows of any report, in file order. */
export function reportRows(report: ReportFile): ResultRow[] {
  return report.kind === 'dbbench' ? report.results.map(rowFromDbbench) : report.results.map(rowFromJmh);
}
