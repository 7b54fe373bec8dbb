import { formatNumber } from './format.js';
import { directionArrow, metricDirection, metricLabel, metricUnit } from './metrics.js';
import { finiteScore, type ResultRow } from './result-row.js';
import { byteDisplayUnit, displayUnitName, timeDisplayUnit, unitKind, type DisplayUnit } from './units.js';

/** A column of secondary metric values: its header (label, unit, direction) and its cells. */
export interface MetricColumn {
  readonly header: string;
  cell(row: ResultRow): string;
}

function valuesOf(name: string, rows: readonly ResultRow[]): number[] {
  return rows.flatMap((row) => {
    const value = finiteScore(row.secondary[name]);
    return value === undefined ? [] : [value];
  });
}

/**
 * The columns of a set of metrics shown together in one table. Every time-valued column of the
 * table shares one time unit (a row never mixes µs and ms); a byte-valued column picks its own
 * byte unit; the unit is written in the header, the cells hold plain numbers.
 *
 * @param label - how a metric is titled (default: its name without its group)
 */
export function metricColumns(
  names: readonly string[],
  rows: readonly ResultRow[],
  label: (name: string) => string = metricLabel,
): MetricColumn[] {
  const seconds = names.flatMap((name) => {
    const kind = unitKind(metricUnit(name, rows));
    return kind.kind === 'time' ? valuesOf(name, rows).map((value) => value * kind.seconds) : [];
  });
  const timeUnit = timeDisplayUnit(seconds);
  return names.map((name) => {
    const recorded = metricUnit(name, rows);
    const kind = unitKind(recorded);
    let display: DisplayUnit = { unit: displayUnitName(recorded), factor: 1 };
    if (kind.kind === 'time') {
      display = {
        unit: `${timeUnit.unit}${kind.perOp ? '/op' : ''}`,
        factor: kind.seconds * timeUnit.factor,
      };
    } else if (kind.kind === 'bytes') {
      const bytes = byteDisplayUnit(valuesOf(name, rows).map((value) => value * kind.bytes));
      display = { unit: `${bytes.unit}${kind.perOp ? '/op' : ''}`, factor: kind.bytes * bytes.factor };
    }
    const title = label(name);
    // A count needs no unit ("timeouts", not "timeouts (count)"); a rate named after its unit neither.
    const unitText =
      kind.kind === 'count' || display.unit === '' || display.unit === title ? '' : ` (${display.unit})`;
    return {
      header: `${title}${unitText}${directionArrow(metricDirection(name, rows))}`,
      cell: (row) => {
        const value = row.status === 'ok' ? finiteScore(row.secondary[name]) : undefined;
        return formatNumber(value === undefined ? undefined : value * display.factor);
      },
    };
  });
}
