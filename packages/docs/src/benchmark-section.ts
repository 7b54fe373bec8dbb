import type { DbbenchChart } from '@dbbench/harness/report';
import { scoreChart, type ChartDefinition } from './charts/score-chart.js';
import type { MarkdownTable } from './markdown-table.js';
import { appliedNote } from './applied-settings.js';
import { histogramTable, type HistogramTable } from './histogram-table.js';
import { benchmarkTables } from './results-table.js';
import type { ResultRow } from './result-row.js';
import { slug } from './slug.js';

/** One benchmark's part of a page, as the templates read it. */
export interface BenchmarkSection {
  /** "pooled / seed", "OrderRepositoryBenchmark.findById". */
  readonly heading: string;
  /** JMH's fully qualified name. */
  readonly qualifiedName: string;
  readonly description: string;
  /** "Every row: poolSize 10, chunkSize 500." or null. */
  readonly fixedAxes: string | null;
  /** The server CPU quotas read back before the forks (see `applied-settings.ts`), or null. */
  readonly applied: string | null;
  readonly table: MarkdownTable;
  readonly failures: readonly string[];
  /** The recorded latency distributions (HDR histograms), or null when no result carries any. */
  readonly histograms: HistogramTable | null;
  readonly chart: SectionChart | null;
  /** The suite's declared charts of this benchmark (e.g. acquire waits against the pool size). */
  readonly declaredCharts: readonly SectionChart[];
  /** Secondary metrics, folded: a summary line and one table per group. */
  readonly secondary: {
    readonly summary: string;
    readonly groups: readonly { readonly title: string; readonly table: MarkdownTable }[];
  } | null;
}

/** A chart as the templates read it: file names relative to the page. */
export interface SectionChart {
  readonly title: string;
  readonly caption: string;
  readonly svg: string;
  readonly spec: string;
}

function sectionChart(chart: ChartDefinition): SectionChart {
  return {
    title: chart.title,
    caption: chart.caption,
    svg: `charts/${chart.name}.svg`,
    spec: `charts/${chart.name}.vl.json`,
  };
}

/** Whether the row has every axis value of `where`. */
function matches(row: ResultRow, where: Readonly<Record<string, string>> | undefined): boolean {
  return Object.entries(where ?? {}).every(([axis, value]) => row.params[axis] === value);
}

/** The declared charts carried by `rows` (each once, by name), drawn over the rows each selects. */
function declaredCharts(rows: readonly ResultRow[], prefix: string, titlePrefix: string): ChartDefinition[] {
  const declarations = new Map<string, DbbenchChart>();
  for (const row of rows) for (const chart of row.dbbench?.charts ?? []) declarations.set(chart.name, chart);
  return [...declarations.values()].flatMap((declared) => {
    const selected = rows.filter((row) => matches(row, declared.where));
    if (selected.length === 0) return [];
    const chart = scoreChart({
      name: `${prefix}-${slug(declared.name)}`,
      title: `${titlePrefix}: ${declared.title}`,
      rows: selected,
      tables: benchmarkTables(selected),
      declared,
    });
    return chart === undefined ? [] : [chart];
  });
}

/** How the sections and charts of one page are named. */
export interface SectionNaming {
  /** Chart file names start with it (`mysql-pooled`, `jmh-orders-results`). */
  readonly chartPrefix: string;
  /** Chart titles start with it (`MariaDB 10.11`). */
  readonly titlePrefix: string;
  /** What the heading says before the benchmark name (`pooled / `), if anything. */
  readonly headingPrefix?: string;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The sections of a page, one per benchmark (and per score unit, when one benchmark ran in modes
 * with different units), in the order the results first name them, each with its tables and its
 * score chart; plus the charts to render.
 */
export function benchmarkSections(
  rows: readonly ResultRow[],
  naming: SectionNaming,
): { readonly sections: BenchmarkSection[]; readonly charts: ChartDefinition[] } {
  const sections: BenchmarkSection[] = [];
  const charts: ChartDefinition[] = [];
  // The metrics the report's declared questions compare: a benchmark about one of them charts it.
  const comparedMetrics = new Set(
    rows.flatMap((row) =>
      (row.dbbench?.answers ?? []).flatMap((answer) => (answer.metric === undefined ? [] : [answer.metric])),
    ),
  );
  for (const benchmarkRows of groupBy(rows, (row) => row.qualifiedName).values()) {
    const byUnit = groupBy(benchmarkRows, (row) => row.primary.scoreUnit);
    for (const unitRows of byUnit.values()) {
      const first = unitRows[0]!;
      const modes = [...new Set(unitRows.map((row) => row.mode))].join(', ');
      const name = byUnit.size > 1 ? `${first.benchmark} (${modes})` : first.benchmark;
      const heading = `${naming.headingPrefix ?? ''}${name}`;
      const tables = benchmarkTables(unitRows);
      const chartName = `${naming.chartPrefix}-${slug(byUnit.size > 1 ? `${first.benchmark}-${modes}` : first.benchmark)}`;
      const chart = scoreChart({
        name: chartName,
        title: `${naming.titlePrefix}: ${heading}`,
        rows: unitRows,
        tables,
        comparedMetrics,
      });
      if (chart) charts.push(chart);
      const declared = declaredCharts(unitRows, chartName, naming.titlePrefix);
      charts.push(...declared);
      sections.push({
        heading,
        qualifiedName: first.qualifiedName,
        description: first.description,
        fixedAxes: tables.fixedAxes,
        applied: appliedNote(unitRows),
        table: tables.table,
        failures: tables.failures,
        histograms: histogramTable(unitRows, tables.layout),
        chart: chart ? sectionChart(chart) : null,
        declaredCharts: declared.map(sectionChart),
        secondary:
          tables.secondary.length === 0
            ? null
            : {
                summary: `Secondary metrics of ${name}: ${tables.secondary
                  .map((group) => (group.group === '' ? 'ungrouped' : group.group))
                  .join(', ')}`,
                groups: tables.secondary.map((group) => ({
                  title: group.group === '' ? 'Metrics without a group' : `\`${group.group}.*\``,
                  table: group.table,
                })),
              },
      });
    }
  }
  return { sections, charts };
}
