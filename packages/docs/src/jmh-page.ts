import type { JmhReportFile } from './report-file.js';
import { NOT_APPLICABLE } from './format.js';
import type { MarkdownTable } from './markdown-table.js';
import { profilesTable } from './profiles-table.js';
import { benchmarkSection, type BenchmarkSection } from './results-table.js';
import { rowFromJmh, type ResultRow } from './result-row.js';

/** What the plain-JMH page template receives. */
export interface JmhPageModel {
  readonly name: string;
  readonly file: string;
  readonly environment: MarkdownTable;
  readonly profiles: MarkdownTable;
  readonly benchmarks: readonly (BenchmarkSection & { qualifiedName: string })[];
}

/** Builds the page of a plain JMH report (e.g. from a Java project): generic tables, no charts. */
export function jmhPageModel(report: JmhReportFile): JmhPageModel {
  const rows = report.results.map(rowFromJmh);
  const groups = new Map<string, ResultRow[]>();
  for (const row of rows) groups.set(row.qualifiedName, [...(groups.get(row.qualifiedName) ?? []), row]);
  const distinct = (pick: (row: ResultRow) => string | undefined) => {
    const values = [...new Set(rows.map(pick).filter((value): value is string => value !== undefined))];
    return values.length === 0 ? NOT_APPLICABLE : values.join(', ');
  };
  return {
    name: report.name,
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
    profiles: profilesTable(rows.map((row) => ({ group: report.name, row }))),
    benchmarks: [...groups].map(([qualifiedName, group]) => ({ ...benchmarkSection(group), qualifiedName })),
  };
}
