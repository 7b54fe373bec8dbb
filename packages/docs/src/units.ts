/**
 * Units of scores and metrics: which quantity a unit measures, and the one unit a column or a
 * table shows it in. A table never mixes µs and ms: time values are converted to one unit chosen
 * from the values themselves, and the unit is written once, in the header.
 */

/** Seconds per time unit as JMH and the harness write them. */
const SECONDS_PER_TIME_UNIT: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  min: 60,
};

/** Time units in display order, smallest first. */
const TIME_DISPLAY: readonly (readonly [string, number])[] = [
  ['ns', 1e-9],
  ['µs', 1e-6],
  ['ms', 1e-3],
  ['s', 1],
];

/** Bytes per byte unit; `KB`, `MB`, `GB` as in memory sizes (1024-based, as PostgreSQL writes them). */
const BYTES_PER_UNIT: Readonly<Record<string, number>> = {
  B: 1,
  bytes: 1,
  KiB: 1024,
  kB: 1024,
  KB: 1024,
  MiB: 1024 ** 2,
  MB: 1024 ** 2,
  GiB: 1024 ** 3,
  GB: 1024 ** 3,
  TiB: 1024 ** 4,
  TB: 1024 ** 4,
};

/** Byte units in display order, smallest first. */
const BYTE_DISPLAY: readonly (readonly [string, number])[] = [
  ['B', 1],
  ['KiB', 1024],
  ['MiB', 1024 ** 2],
  ['GiB', 1024 ** 3],
  ['TiB', 1024 ** 4],
];

/** What a unit measures. `perOp` marks units per operation (`ms/op`, `B/op`). */
export type UnitKind =
  | { readonly kind: 'time'; readonly seconds: number; readonly perOp: boolean }
  | { readonly kind: 'bytes'; readonly bytes: number; readonly perOp: boolean }
  | { readonly kind: 'perTime'; readonly seconds: number; readonly what: string }
  | { readonly kind: 'count' }
  | { readonly kind: 'other' };

/**
 * Reads a unit: a time (`ms`, `us/op`), a byte amount (`B/op`, `MiB`), a rate per time
 * (`ops/s`, `rows/s`), a plain count (`count`, `counts`) or anything else.
 */
export function unitKind(unit: string): UnitKind {
  const [base = '', per] = unit.split('/');
  const perOp = per === 'op';
  if (per === undefined || perOp) {
    const seconds = SECONDS_PER_TIME_UNIT[base];
    if (seconds !== undefined) return { kind: 'time', seconds, perOp };
    const bytes = BYTES_PER_UNIT[base];
    if (bytes !== undefined) return { kind: 'bytes', bytes, perOp };
    if (per === undefined && /^counts?$/.test(base)) return { kind: 'count' };
    return { kind: 'other' };
  }
  const seconds = SECONDS_PER_TIME_UNIT[per];
  return seconds !== undefined && unit.split('/').length === 2
    ? { kind: 'perTime', seconds, what: base }
    : { kind: 'other' };
}

function median(values: readonly number[]): number | undefined {
  const sorted = values.filter((value) => Number.isFinite(value) && value > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** How values are shown: multiply by `factor`, write `unit` in the header. */
export interface DisplayUnit {
  readonly unit: string;
  readonly factor: number;
}

/** The largest unit of `scale` (name, size) in which the median of `values` is at least 1. */
function pickUnit(values: readonly number[], scale: readonly (readonly [string, number])[]): DisplayUnit {
  const typical = median(values);
  let chosen = scale[0]!;
  if (typical !== undefined) {
    for (const entry of scale) if (typical / entry[1] >= 1) chosen = entry;
  }
  return { unit: chosen[0], factor: 1 / chosen[1] };
}

/** One time unit for values given in seconds (the median reads between 1 and 1000). */
export function timeDisplayUnit(secondsValues: readonly number[]): DisplayUnit {
  return pickUnit(secondsValues, TIME_DISPLAY);
}

/** One byte unit for values given in bytes (B, KiB, MiB, GiB). */
export function byteDisplayUnit(byteValues: readonly number[]): DisplayUnit {
  return pickUnit(byteValues, BYTE_DISPLAY);
}

/** A unit as the pages write it: `us` becomes `µs`. */
export function displayUnitName(unit: string): string {
  return unit.replace(/^us(?=\/|$)/, 'µs').replace(/\/us$/, '/µs');
}

/**
 * Parses a memory size as databases print it (`128MB`, `16kB`, `8 GB`, `512B`); undefined for
 * anything else. PostgreSQL's memory units are 1024-based.
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(B|kB|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * (BYTES_PER_UNIT[match[2]!] ?? Number.NaN);
}
