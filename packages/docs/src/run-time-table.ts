/**
 * Where a run's time went, per suite and benchmark, read from the results' own records
 * (`dbbench.elapsedMs`: the combination's wall time over every fork; `dbbench.durationsMs`: its
 * setup, warmup, measurement and teardown) — so a time budget is read from the reports, never
 * inferred or written by hand.
 */
import { compareStrings, NOT_APPLICABLE } from './format.js';
import type { MarkdownTable } from './markdown-table.js';
import type { ResultRow } from './result-row.js';

interface Totals {
  combinations: number;
  elapsed: number;
  setup: number;
  warmup: number;
  measurement: number;
  teardown: number;
}

/** Seconds as "12 s" or "3 min 05 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

function empty(): Totals {
  return { combinations: 0, elapsed: 0, setup: 0, warmup: 0, measurement: 0, teardown: 0 };
}

function add(totals: Totals, row: ResultRow): void {
  const extension = row.dbbench;
  totals.combinations += 1;
  totals.elapsed += extension?.elapsedMs ?? 0;
  totals.setup += extension?.durationsMs?.setup ?? 0;
  totals.warmup += extension?.durationsMs?.warmup ?? 0;
  totals.measurement += extension?.durationsMs?.measurement ?? 0;
  totals.teardown += extension?.durationsMs?.teardown ?? 0;
}

/**
 * The run time table: one row per suite × benchmark and one total per suite; null when no result
 * recorded its time (reports from before these records, plain JMH).
 */
export function runTimeTable(entries: readonly { group: string; row: ResultRow }[]): MarkdownTable | null {
  if (!entries.some(({ row }) => row.dbbench?.elapsedMs !== undefined)) return null;
  const benchmarks = new Map<string, { group: string; benchmark: string; totals: Totals }>();
  const suites = new Map<string, Totals>();
  for (const { group, row } of entries) {
    const key = `${group}\u0000${row.benchmark}`;
    const entry = benchmarks.get(key) ?? { group, benchmark: row.benchmark, totals: empty() };
    add(entry.totals, row);
    benchmarks.set(key, entry);
    const suite = suites.get(group) ?? empty();
    add(suite, row);
    suites.set(group, suite);
  }
  const cells = (totals: Totals): string[] => {
    const phases = totals.setup + totals.warmup + totals.measurement + totals.teardown;
    const share = (ms: number) => (phases > 0 ? `${Math.round((ms / phases) * 100)}%` : NOT_APPLICABLE);
    return [
      String(totals.combinations),
      formatDuration(totals.elapsed),
      share(totals.setup),
      share(totals.warmup),
      share(totals.measurement),
    ];
  };
  const rows: string[][] = [];
  for (const group of [...suites.keys()].sort(compareStrings)) {
    for (const entry of benchmarks.values()) {
      if (entry.group === group) rows.push([group, entry.benchmark, ...cells(entry.totals)]);
    }
    rows.push([group, '(all)', ...cells(suites.get(group) ?? empty())]);
  }
  return {
    header: ['suite', 'benchmark', 'combinations', 'wall time', 'setup', 'warmup', 'measurement'],
    rows,
  };
}
