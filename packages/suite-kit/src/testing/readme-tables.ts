/**
 * A suite README's tables state facts the suite definition holds too — which axes each benchmark
 * has, its mode, each axis's default and quick values, which benchmarks use an axis — and a fact
 * stated twice drifts. {@link readmeTableProblems} reads the README's Markdown tables and lists every
 * cell that disagrees with the definition, so a suite's test can hold its README to the code.
 */
import type { SuiteDefinition } from '@dbbench/harness';

/** One Markdown table: its header cells and its rows, cells trimmed and backticks removed. */
interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim().replaceAll('`', ''));
}

/** Every table in `markdown` (a header row, a separator row, then body rows). */
function tablesOf(markdown: string): Table[] {
  const lines = markdown.split('\n');
  const tables: Table[] = [];
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const header = lines[index] as string;
    const separator = lines[index + 1] as string;
    if (!header.trim().startsWith('|') || !/^\s*\|[\s:|-]+\|\s*$/.test(separator)) continue;
    const rows: string[][] = [];
    let next = index + 2;
    while (next < lines.length && (lines[next] as string).trim().startsWith('|')) {
      rows.push(cellsOf(lines[next] as string));
      next += 1;
    }
    tables.push({ header: cellsOf(header).map((cell) => cell.toLowerCase()), rows });
    index = next - 1;
  }
  return tables;
}

/** `1000, 10000, 100000 (only job)` → `['1000', '10000', '100000']`. */
function listOf(cell: string): string[] {
  return cell
    .replace(/\(.*?\)/g, '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** The column `name` of `table`, or -1. */
function column(table: Table, name: string): number {
  return table.header.indexOf(name);
}

/**
 * The disagreements between `readme`'s tables and `suite`: a benchmark table (columns `benchmark`
 * and `axes`, optionally `mode` as "mode, unit") and an axis table (columns `axis` and `default`,
 * optionally `used by` and `quick`). Empty when they agree; tables of other shapes are not read.
 */
export function readmeTableProblems(readme: string, suite: SuiteDefinition): string[] {
  const problems: string[] = [];
  const benchmarksWith = (axis: string): string[] =>
    Object.entries(suite.benchmarks)
      .filter(([, benchmark]) => benchmark.axes.includes(axis))
      .map(([name]) => name);
  let checkedBenchmarks = false;
  let checkedAxes = false;
  for (const table of tablesOf(readme)) {
    const benchmarkColumn = column(table, 'benchmark');
    const axesColumn = column(table, 'axes');
    if (benchmarkColumn === 0 && axesColumn > 0) {
      checkedBenchmarks = true;
      const modeColumn = column(table, 'mode');
      for (const row of table.rows) {
        const name = row[benchmarkColumn] ?? '';
        const benchmark = suite.benchmarks[name];
        if (benchmark === undefined) {
          problems.push(`benchmark table: ${name} is not a benchmark of the suite`);
          continue;
        }
        const axes = listOf(row[axesColumn] ?? '');
        if (!sameSet(axes, benchmark.axes)) {
          problems.push(
            `benchmark table: ${name} has axes ${benchmark.axes.join(', ')}, the README says ${axes.join(', ')}`,
          );
        }
        if (modeColumn > 0) {
          const modes = typeof benchmark.mode === 'string' ? [benchmark.mode] : benchmark.mode;
          const stated = listOf(row[modeColumn] ?? '')[0] ?? '';
          if (!modes.includes(stated as never)) {
            problems.push(`benchmark table: ${name} runs in ${modes.join(', ')}, the README says ${stated}`);
          }
        }
      }
      const listed = new Set(table.rows.map((row) => row[benchmarkColumn]));
      for (const name of Object.keys(suite.benchmarks)) {
        if (!listed.has(name)) problems.push(`benchmark table: ${name} is missing`);
      }
    }
    const axisColumn = column(table, 'axis');
    const defaultColumn = column(table, 'default');
    if (axisColumn === 0 && defaultColumn > 0) {
      checkedAxes = true;
      const usedByColumn = column(table, 'used by');
      const quickColumn = column(table, 'quick');
      for (const row of table.rows) {
        const axis = row[axisColumn] ?? '';
        const defaults = suite.axes[axis];
        if (defaults === undefined) {
          problems.push(`axis table: ${axis} is not an axis of the suite`);
          continue;
        }
        const stated = listOf(row[defaultColumn] ?? '');
        if (!sameSet(stated, defaults.map(String))) {
          problems.push(
            `axis table: ${axis} defaults to ${defaults.join(', ')}, the README says ${stated.join(', ')}`,
          );
        }
        if (usedByColumn > 0) {
          const users = listOf(row[usedByColumn] ?? '');
          if (!sameSet(users, benchmarksWith(axis))) {
            problems.push(
              `axis table: ${axis} is used by ${benchmarksWith(axis).join(', ')}, the README says ${users.join(', ')}`,
            );
          }
        }
        if (quickColumn > 0) {
          const quick = (suite.quick?.axes?.[axis] ?? defaults).map(String);
          const statedQuick = listOf(row[quickColumn] ?? '');
          if (!sameSet(statedQuick, quick)) {
            problems.push(
              `axis table: ${axis} runs ${quick.join(', ')} in the quick profile, the README says ${statedQuick.join(', ')}`,
            );
          }
        }
      }
      const listed = new Set(table.rows.map((row) => row[axisColumn]));
      for (const axis of Object.keys(suite.axes)) {
        if (benchmarksWith(axis).length > 0 && !listed.has(axis))
          problems.push(`axis table: ${axis} is missing`);
      }
    }
  }
  if (!checkedBenchmarks) problems.push('no benchmark table (columns benchmark, axes) in the README');
  if (!checkedAxes) problems.push('no axis table (columns axis, default) in the README');
  return problems;
}
