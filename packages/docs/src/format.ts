/**
 * Number and text formatting for the generated Markdown. Every number goes through a fixed
 * `en-US` formatter, never the machine's locale, so output is byte-identical under any LC_ALL.
 */

const significantFormatters = new Map<number, Intl.NumberFormat>();

function significantFormatter(digits: number): Intl.NumberFormat {
  let formatter = significantFormatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits, useGrouping: true });
    significantFormatters.set(digits, formatter);
  }
  return formatter;
}

/** Placeholder for a value that does not apply (never used for a failed result: those say "failed"). */
export const NOT_APPLICABLE = '—';

/**
 * A number with a fixed count of significant digits, e.g. `formatNumber(12345.6)` → `"12,300"`.
 * Non-finite values (JMH's "NaN") become {@link NOT_APPLICABLE}.
 */
export function formatNumber(value: number | 'NaN' | undefined, significantDigits = 3): string {
  if (value === undefined || value === 'NaN' || !Number.isFinite(value)) return NOT_APPLICABLE;
  if (value === 0) return '0';
  return significantFormatter(significantDigits).format(value);
}

const countFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/**
 * A count in full, e.g. `formatCount(123456)` → `"123,456"`: a count of recorded events is exact,
 * and rounding it to 3 digits would hide what a reader checks it against.
 */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormatter.format(value) : NOT_APPLICABLE;
}

/** A signed percentage with one decimal, e.g. `+4.2%` or `-19.8%`. */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return NOT_APPLICABLE;
  const rounded = Math.round(value * 10) / 10;
  const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.abs(rounded),
  );
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : '-'}${text}%`;
}

/** A ratio such as an efficiency, e.g. `0.85×`. */
export function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return NOT_APPLICABLE;
  return `${formatNumber(value, 2)}×`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A byte count in binary units, e.g. `formatBytes(3_221_225_472)` → `"3 GiB"`. */
export function formatBytes(bytes: number | 'NaN' | undefined): string {
  if (bytes === undefined || bytes === 'NaN' || !Number.isFinite(bytes)) return NOT_APPLICABLE;
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value)} ${BYTE_UNITS[unit]}`;
}

/**
 * Makes text safe inside a Markdown table cell: pipes are escaped, line breaks become spaces, and
 * characters GitHub would read as HTML or emphasis are escaped, so a failure message such as
 * `expected <1000> rows | got 0` renders as written.
 */
export function escapeTableCell(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([*_`[\]])/g, '\\$1')
    .trim();
}

/** Code-point order, the same under every locale (`localeCompare` is not). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares parameter values: numerically when both are numbers, else by code point. */
export function compareParamValues(a: string, b: string): number {
  const numberA = Number(a);
  const numberB = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(numberA) && Number.isFinite(numberB)) {
    return numberA - numberB;
  }
  return compareStrings(a, b);
}

/** "a", "a and b", "a, b and c". */
export function listSentence(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
