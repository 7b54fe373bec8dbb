import type { Baseline } from './baseline.js';
import { benchmarkSections, type BenchmarkSection } from './benchmark-section.js';
import { CONFIDENCE_TEXT, type ChartDefinition } from './charts/score-chart.js';
import type { PageChangeCounts } from './hub-page.js';
import { comparisonSection, type ComparisonModel } from './comparison.js';
import { NOT_APPLICABLE } from './format.js';
import type { MarkdownTable } from './markdown-table.js';
import type { JmhPageName } from './page-names.js';
import { profilesTable } from './profiles-table.js';
import type { JmhReportFile } from './report-file.js';
import { rowFromJmh, type ResultRow } from './result-row.js';

/** What the plain-JMH page template receives. */
export interface JmhPageModel {
  /** `orders/results`: the part of the path that names the page. */
  readonly label: string;
  readonly file: string;
  readonly environment: MarkdownTable;
  readonly profiles: MarkdownTable;
  readonly benchmarks: readonly BenchmarkSection[];
  readonly comparison: ComparisonModel;
  /** The interval every score carries, for the reading guide. */
  readonly confidence: string;
}

/**
 * Builds the page of a plain JMH report (e.g. from a Java project): the same tables, score
 * charts and comparison as a dbbench page, with the JVM as its environment.
 */
export function jmhPage(
  report: JmhReportFile,
  page: JmhPageName,
  baseline: Baseline | undefined,
): { model: JmhPageModel; charts: ChartDefinition[]; changes: PageChangeCounts } {
  const rows = report.results.map(rowFromJmh);
  const distinct = (pick: (row: ResultRow) => string | undefined) => {
    const values = [...new Set(rows.map(pick).filter((value): value is string => value !== undefined))];
    return values.length === 0 ? NOT_APPLICABLE : values.join(', ');
  };
  // "jmh-avgt" already says JMH; "orders/results" does not.
  const titlePrefix = /^jmh/i.test(page.label) ? page.label : `JMH ${page.label}`;
  const built = benchmarkSections(rows, { chartPrefix: page.name, titlePrefix });
  const comparison = comparisonSection([{ file: report.file, label: undefined, rows, baseline }]);
  return {
    model: {
      label: page.label,
      file: report.file,
      environment: {
        header: ['item', 'value'],
        rows: [
          ['JMH', distinct((row) => row.source.jmhVersion)],
          ['JDK', distinct((row) => row.source.jdkVersion)],
          [
            'VM',
            distinct((row) =>
              row.source.vmName ? `${row.source.vmName} ${row.source.vmVersion ?? ''}`.trim() : undefined,
            ),
          ],
          ['JVM', distinct((row) => row.source.jvm)],
          ['JVM arguments', distinct((row) => row.source.jvmArgs?.join(' '))],
        ],
      },
      profiles: profilesTable(
        rows.map((row) => ({ group: page.label, row })),
        'report',
      ),
      benchmarks: built.sections,
      comparison,
      confidence: CONFIDENCE_TEXT,
    },
    charts: built.charts,
    changes: { compared: comparison.compared, verdicts: comparison.verdicts, answerChanges: undefined },
  };
}
