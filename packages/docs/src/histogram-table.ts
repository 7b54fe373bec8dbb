import { HISTOGRAM_PERCENTILES } from '@dbbench/harness';
import type { AxisLayout } from './axis-layout.js';
import { formatCount, formatNumber } from './format.js';
import { histogramDistributions } from './histogram-distributions.js';
import type { MarkdownTable, TableCell } from './markdown-table.js';
import { keyColumns } from './results-table.js';
import { compareRows, type ResultRow } from './result-row.js';

/** The title above a benchmark's distributions table. */
export const HISTOGRAM_TABLE_TITLE =
  'Latency distributions (HDR histograms, all forks and iterations combined)';

/** A benchmark's recorded distributions, as the templates read them. */
export interface HistogramTable {
  readonly title: string;
  readonly table: MarkdownTable;
}

/** `p50`, `p99.9`; the 100th percentile is the maximum. */
function percentileLabel(percentile: number): string {
  return percentile >= 100 ? 'max' : `p${percentile}`;
}

/**
 * The distributions table of one benchmark: a row per result that carries histograms (keyed by
 * its varying axes, as the results table), with the requests recorded and the percentiles of
 * every fork's measured iterations combined, in ms. The values come from the encodings
 * themselves, which the reading of the report has checked against the stored summaries. A
 * `histogram` column names the distribution when a benchmark records more than one. Null when no
 * result carries histograms.
 */
export function histogramTable(rows: readonly ResultRow[], layout: AxisLayout): HistogramTable | null {
  const recorded = [...rows]
    .sort(compareRows)
    .flatMap((row) =>
      row.dbbench?.histogramSummaries === undefined
        ? []
        : [...histogramDistributions(row.dbbench)].map(([name, summary]) => ({ row, name, summary })),
    );
  if (recorded.length === 0) return null;
  const named = new Set(recorded.map(({ name }) => name)).size > 1;
  const keys = keyColumns(layout, Number.POSITIVE_INFINITY);
  const header: TableCell[] = [
    ...keys.header,
    ...(named ? ['histogram'] : []),
    'requests',
    ...HISTOGRAM_PERCENTILES.map((percentile) => `${percentileLabel(percentile)} (ms)`),
  ];
  return {
    title: HISTOGRAM_TABLE_TITLE,
    table: {
      header,
      rows: recorded.map(({ row, name, summary }): TableCell[] => [
        ...keys.cells(row),
        ...(named ? [name] : []),
        formatCount(summary.count),
        ...HISTOGRAM_PERCENTILES.map((percentile) => formatNumber(summary.percentiles[String(percentile)])),
      ]),
    },
  };
}
