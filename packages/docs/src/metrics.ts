import type { JmhMetric } from '@dbbench/harness/report';
import { compareStrings, formatBytes, formatNumber } from './format.js';

/** The secondary metric the rows/s column shows (written by the suites' rows/s profiler). */
export const ROWS_PER_SECOND = 'rows/s';

/** A secondary metric's name as a column header, and where it goes. */
export interface MetricDescription {
  readonly label: string;
  /** Well-known metrics are columns of the main results table; the rest go to "other metrics". */
  readonly wellKnown: boolean;
  /** Sort position among well-known metrics. */
  readonly order: number;
  /** A sentence under the table when the label alone could mislead, or undefined. */
  readonly note?: string | undefined;
}

// Well-known secondary metrics, in the order their columns appear. Anything else is rendered
// generically under its own name, so a new profiler shows up in the docs without code changes.
const WELL_KNOWN: readonly {
  readonly pattern: RegExp;
  readonly label: (match: RegExpExecArray) => string;
  readonly note?: string;
}[] = [
  { pattern: /^requests\/s$/, label: () => 'requests/s' },
  { pattern: /^pool\.acquireWait\.(p[\d.]+|max|mean)$/, label: (m) => `acquire wait ${m[1]!}` },
  { pattern: /^(?:latency|pool\.latency)[._]?(p[\d.]+|max|mean)$/i, label: (m) => `latency ${m[1]!}` },
  { pattern: /success/i, label: () => 'success rate' },
  { pattern: /^(?:pool\.)?timeouts?$/i, label: () => 'timeouts' },
  // The profiler reports the iteration's share, not the pool's lifetime total: say "new".
  {
    pattern: /^pool\.connectionsOpened$/,
    label: () => 'new connections',
    note: 'New connections are the physical connections the pool opened during the measured iteration; 0 means the pool was already warm.',
  },
  { pattern: /^connectionHold\.(p[\d.]+|max|mean)$/, label: (m) => `connection hold ${m[1]!}` },
  { pattern: /^timeToFirstRow$/, label: () => 'time to first row' },
  { pattern: /^stream\.maxReadAhead$/, label: () => 'max read-ahead' },
  { pattern: /^(?:mem|memory)\.peakRss$/, label: () => 'peak RSS' },
  { pattern: /^(?:mem|memory)\.peakHeap$/, label: () => 'peak heap' },
  { pattern: /^(?:mem|memory)\.rssGrowth$/, label: () => 'RSS growth' },
  { pattern: /^(?:mem|memory)\.heapGrowth$/, label: () => 'heap growth' },
  { pattern: /^gc\.alloc(?:\.rate)?\.norm$/, label: () => 'alloc/op' },
  { pattern: /^gc\.count$/, label: () => 'GC count' },
  { pattern: /^gc\.time$/, label: () => 'GC time' },
];

/** Describes a secondary metric by name. */
export function describeMetric(name: string): MetricDescription {
  for (const [order, entry] of WELL_KNOWN.entries()) {
    const match = entry.pattern.exec(name);
    if (match) return { label: entry.label(match), wellKnown: true, order, note: entry.note };
  }
  return { label: name, wellKnown: false, order: WELL_KNOWN.length };
}

/** Rank of a statistic suffix so columns read p50, p95, p99, max rather than alphabetically. */
function statisticRank(name: string): number {
  const match = /(?:^|[._])(p([\d.]+)|mean|max)$/.exec(name);
  if (!match) return 0;
  if (match[1] === 'mean') return -1;
  if (match[1] === 'max') return 1000;
  return Number(match[2]);
}

/** Orders metric names: well-known ones in catalog order (p50 before p95 before max), the rest by name. */
export function compareMetricNames(a: string, b: string): number {
  return (
    describeMetric(a).order - describeMetric(b).order ||
    statisticRank(a) - statisticRank(b) ||
    compareStrings(a, b)
  );
}

/** Whether a unit is a byte count (formatted in KiB/MiB/GiB). */
export function isByteUnit(unit: string): boolean {
  return /^(B|bytes)(\/op)?$/.test(unit);
}

const BYTES_PER_UNIT: Readonly<Record<string, number>> = {
  B: 1,
  bytes: 1,
  KiB: 1024,
  KB: 1000,
  MiB: 1024 ** 2,
  MB: 1000 ** 2,
  GiB: 1024 ** 3,
  GB: 1000 ** 3,
};

/** A memory amount in any byte unit (B, KiB, MiB, GiB, …) as MiB; undefined for other units. */
export function toMebibytes(value: number, unit: string): number | undefined {
  const bytes = BYTES_PER_UNIT[unit];
  return bytes === undefined ? undefined : (value * bytes) / 1024 ** 2;
}

/**
 * The unit shown in a column header beside a metric's label: byte units carry their unit in each
 * cell instead ("878 KiB"), so only "per op" remains, and only when the label does not say it; a
 * plain count needs no unit ("timeouts", not "timeouts (count)").
 */
export function headerUnit(unit: string, label: string): string {
  if (/^counts?$/.test(unit)) return '';
  if (!isByteUnit(unit)) return unit === label ? '' : unit;
  return unit.endsWith('/op') && !label.endsWith('/op') ? 'per op' : '';
}

/** A metric's score formatted for a table cell (bytes in binary units, else 3 significant digits). */
export function formatMetricScore(metric: JmhMetric | undefined): string {
  if (!metric) return formatNumber(undefined);
  return isByteUnit(metric.scoreUnit) ? formatBytes(metric.score) : formatNumber(metric.score);
}
