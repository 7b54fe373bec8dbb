import { compareStrings } from './format.js';
import type { MarkdownTable } from './markdown-table.js';
import type { ResultRow } from './result-row.js';

/**
 * The run profiles table: for each suite (or report) × benchmark × mode, the warmup and
 * measurement iterations and times, forks and threads actually used (distinct values joined, in
 * case a resumed run mixed settings).
 */
export function profilesTable(
  entries: readonly { group: string; row: ResultRow }[],
  groupTitle = 'suite',
): MarkdownTable {
  const groups = new Map<string, { group: string; row: ResultRow; settings: Map<string, Set<string>> }>();
  for (const { group, row } of entries) {
    const key = `${group}\u0000${row.benchmark}\u0000${row.mode}`;
    const entry = groups.get(key) ?? { group, row, settings: new Map<string, Set<string>>() };
    const source = row.source;
    const add = (name: string, value: string) => {
      const values = entry.settings.get(name) ?? new Set<string>();
      values.add(value);
      entry.settings.set(name, values);
    };
    add('profile', row.dbbench?.profile ?? 'JMH');
    add(
      'warmup',
      `${source.warmupIterations} × ${source.warmupTime}${source.warmupBatchSize > 1 ? ` (batch ${source.warmupBatchSize})` : ''}`,
    );
    add(
      'measurement',
      `${source.measurementIterations} × ${source.measurementTime}${source.measurementBatchSize > 1 ? ` (batch ${source.measurementBatchSize})` : ''}`,
    );
    add('forks', String(source.forks));
    add('threads', String(source.threads));
    groups.set(key, entry);
  }
  const columns = ['profile', 'warmup', 'measurement', 'forks', 'threads'];
  const ordered = [...groups.values()].sort(
    (a, b) =>
      compareStrings(a.group, b.group) ||
      compareStrings(a.row.benchmark, b.row.benchmark) ||
      compareStrings(a.row.mode, b.row.mode),
  );
  return {
    header: [
      groupTitle,
      'benchmark',
      'mode',
      'profile',
      'warmup iterations × time',
      'measurement iterations × time',
      'forks',
      'threads',
    ],
    rows: ordered.map((entry) => [
      entry.group,
      entry.row.benchmark,
      entry.row.mode,
      ...columns.map((name) => [...(entry.settings.get(name) ?? [])].join(', ')),
    ]),
  };
}
