/**
 * What a run applied to the server before each fork, read back (a result's `dbbench.applied`), in
 * one sentence under the benchmark: for the `serverCpus` a run records, the quota in force per
 * `cpus` value, and whether every fork's read-back matched the value its row names. A reader sees
 * that "0.5 CPU" was the server's quota, not only what was asked.
 */
import type { ResultRow } from './result-row.js';

interface ServerCpus {
  readonly cpus: number | null;
  readonly quotaUs: number | null;
  readonly periodUs: number;
  readonly source: string;
}

function serverCpusOf(value: unknown): ServerCpus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { cpus, quotaUs, periodUs, source } = record;
  if (
    (typeof cpus !== 'number' && cpus !== null) ||
    typeof periodUs !== 'number' ||
    typeof source !== 'string'
  ) {
    return undefined;
  }
  return { cpus, quotaUs: typeof quotaUs === 'number' ? quotaUs : null, periodUs, source };
}

/** "the server's cgroup v1", "the container's cgroup v2": where it was read, without run-specific names. */
function mechanism(source: string): string {
  const container = /^container \S+ (cgroup v\d)$/.exec(source);
  if (container) return `the container's ${container[1]}`;
  const local = /^(cgroup v\d) /.exec(source);
  return local ? `the server's ${local[1]}` : source;
}

function quotaText(read: ServerCpus): string {
  if (read.cpus === null) return 'no quota';
  return `${read.quotaUs?.toLocaleString('en-US')} µs per ${read.periodUs.toLocaleString('en-US')} µs (${read.cpus} CPU${read.cpus <= 1 ? '' : 's'})`;
}

/**
 * One sentence on the server CPU quotas read back before the forks of `rows`, or null when none
 * of them recorded one.
 */
export function appliedNote(rows: readonly ResultRow[]): string | null {
  const byValue = new Map<string, { reads: ServerCpus[]; asked: number | null }>();
  for (const row of rows) {
    const asked = row.params['cpus'];
    for (const applied of row.dbbench?.applied ?? []) {
      const read = serverCpusOf(applied['serverCpus']);
      if (read === undefined || asked === undefined) continue;
      const entry = byValue.get(asked) ?? { reads: [], asked: asked === 'none' ? null : Number(asked) };
      entry.reads.push(read);
      byValue.set(asked, entry);
    }
  }
  if (byValue.size === 0) return null;
  const forks = [...byValue.values()].reduce((sum, entry) => sum + entry.reads.length, 0);
  const parts: string[] = [];
  const mismatches: string[] = [];
  for (const [value, { reads, asked }] of byValue) {
    const texts = [...new Set(reads.map(quotaText))];
    parts.push(`cpus ${value}: ${texts.join(' or ')}`);
    const wrong = reads.filter((read) =>
      asked === null ? read.cpus !== null : read.cpus === null || Math.abs(read.cpus - asked) > 1e-5,
    );
    if (wrong.length > 0) mismatches.push(`${wrong.length} fork(s) at cpus ${value}`);
  }
  const where = [
    ...new Set([...byValue.values()].flatMap((entry) => entry.reads.map((read) => mechanism(read.source)))),
  ];
  const verdict =
    mismatches.length === 0
      ? 'every fork ran under the quota its row names'
      : `not as asked: ${mismatches.join(', ')}`;
  return `The server's CPU quota, read back from ${where.join(' and ')} before each of ${forks} forks: ${parts.join('; ')} — ${verdict}.`;
}
