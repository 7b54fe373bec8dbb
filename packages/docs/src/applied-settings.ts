/**
 * What a run applied to the server before each fork, read back (a result's `dbbench.applied`), in
 * one sentence under the benchmark: for the `serverCpus` a run records, the quotas in force and
 * on how many forks, and whether each row's forks kept one. A reader sees that "0.5 CPU" was the
 * server's quota, read back, not only what was asked.
 */
import type { ResultRow } from './result-row.js';

/** A `serverCpus` record: the quota per period (null: none), and where it was read. */
interface ServerCpus {
  readonly quotaUs: number | null;
  readonly periodUs: number;
  readonly source: string;
}

function serverCpusOf(value: unknown): ServerCpus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { quotaUs, periodUs, source } = value as Record<string, unknown>;
  if (
    (typeof quotaUs !== 'number' && quotaUs !== null) ||
    typeof periodUs !== 'number' ||
    typeof source !== 'string'
  ) {
    return undefined;
  }
  return { quotaUs, periodUs, source };
}

/** "the server's cgroup v1", "the container's cgroup v2": where it was read, without run-specific names. */
function mechanism(source: string): string {
  const container = /^container \S+ (cgroup v\d)$/.exec(source);
  if (container) return `the container's ${container[1]}`;
  const local = /^(cgroup v\d) /.exec(source);
  return local ? `the server's ${local[1]}` : source;
}

function quotaText(read: ServerCpus): string {
  if (read.quotaUs === null) return 'no quota';
  const share = Math.round((read.quotaUs / read.periodUs) * 1000) / 1000;
  return `${read.quotaUs.toLocaleString('en-US')} µs per ${read.periodUs.toLocaleString('en-US')} µs (${share} CPU${share <= 1 ? '' : 's'})`;
}

/**
 * One sentence on the server CPU quotas read back before the forks of `rows`, or null when none
 * of them recorded one: each quota found with its number of forks, and whether every row's forks ran
 * under one quota (the run itself fails a fork whose quota does not read back as its row asked).
 */
export function appliedNote(rows: readonly ResultRow[]): string | null {
  const forksByQuota = new Map<string, number>();
  const where = new Set<string>();
  let mixedRows = 0;
  for (const row of rows) {
    const reads = (row.dbbench?.applied ?? []).flatMap((applied) => {
      const read = serverCpusOf(applied['serverCpus']);
      return read === undefined ? [] : [read];
    });
    if (reads.length === 0) continue;
    const quotas = new Set(reads.map(quotaText));
    if (quotas.size > 1) mixedRows += 1;
    for (const read of reads) {
      forksByQuota.set(quotaText(read), (forksByQuota.get(quotaText(read)) ?? 0) + 1);
      where.add(mechanism(read.source));
    }
  }
  if (forksByQuota.size === 0) return null;
  const forks = [...forksByQuota.values()].reduce((sum, count) => sum + count, 0);
  const parts = [...forksByQuota].map(
    ([quota, count]) => `${quota} (${count} fork${count === 1 ? '' : 's'})`,
  );
  const verdict =
    mixedRows === 0
      ? "each row's forks all ran under one quota"
      : `${mixedRows} row(s) whose forks ran under different quotas`;
  return `The server's CPU quota, read back from ${[...where].join(' and ')} before each of ${forks} forks: ${parts.join('; ')} — ${verdict}.`;
}
