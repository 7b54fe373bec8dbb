import { finiteScore, rowFromDbbench } from './result-row.js';
import type { ResultRow } from './result-row.js';
import type { DbbenchReportFile } from './report-file.js';
import { ROWS_PER_SECOND } from './metrics.js';

/** The benchmark whose rows/s is the ceiling a job is measured against (a server-side INSERT … SELECT). */
export const LIMIT_BENCHMARK = 'limit';
/** The end-to-end batch job benchmark. */
export const JOB_BENCHMARK = 'job';
/** The pooled suite, whose limit stands in when another suite has none. */
export const POOLED_SUITE = 'pooled';

/** Rows per second of a result (its `rows/s` secondary metric), if it succeeded. */
export function rowsPerSecond(row: ResultRow): number | undefined {
  if (row.status !== 'ok') return undefined;
  return finiteScore(row.secondary[ROWS_PER_SECOND]);
}

/** How a report's job results are related to a limit. */
export interface EfficiencyBasis {
  /** Limit rows/s by dataSize. */
  readonly limitByDataSize: ReadonlyMap<string, number>;
  /** The report the limit came from (its own, or the pooled report of the same engine). */
  readonly limitReport: DbbenchReportFile | undefined;
  /** Set when the limit came from another report; the pages say so. */
  readonly borrowed: boolean;
}

function limitRates(report: DbbenchReportFile): Map<string, number> {
  const rates = new Map<string, number>();
  for (const result of report.results) {
    if (result.dbbench.benchmarkName !== LIMIT_BENCHMARK) continue;
    const row = rowFromDbbench(result);
    const dataSize = row.params['dataSize'];
    const rate = rowsPerSecond(row);
    if (dataSize !== undefined && rate !== undefined && !rates.has(dataSize)) rates.set(dataSize, rate);
  }
  return rates;
}

function hasLimit(report: DbbenchReportFile): boolean {
  return report.results.some((result) => result.dbbench.benchmarkName === LIMIT_BENCHMARK);
}

/**
 * Finds the limit a report's jobs are compared with: the report's own limit benchmark, or, when
 * the suite has none (the reactive suite), the pooled suite's limit on the same engine.
 */
export function efficiencyBasis(
  report: DbbenchReportFile,
  sameEngineReports: readonly DbbenchReportFile[],
): EfficiencyBasis {
  if (hasLimit(report)) return { limitByDataSize: limitRates(report), limitReport: report, borrowed: false };
  const pooled = sameEngineReports.find((other) => other.suite === POOLED_SUITE && hasLimit(other));
  if (!pooled) return { limitByDataSize: new Map(), limitReport: undefined, borrowed: false };
  return { limitByDataSize: limitRates(pooled), limitReport: pooled, borrowed: true };
}

/** Efficiency of a job row: job rows/s ÷ limit rows/s at the same dataSize. */
export function jobEfficiency(row: ResultRow, basis: EfficiencyBasis): number | undefined {
  const rate = rowsPerSecond(row);
  const dataSize = row.params['dataSize'];
  const limit = dataSize === undefined ? undefined : basis.limitByDataSize.get(dataSize);
  if (rate === undefined || limit === undefined || limit <= 0) return undefined;
  return rate / limit;
}
