import { compareParamValues, NOT_APPLICABLE } from './format.js';
import { paramDisplay, type ResultRow } from './result-row.js';

/** Which axes of a benchmark's results vary, and the value of those that do not. */
export interface AxisLayout {
  /** Axes with more than one value, in declared order: the columns of the tables. */
  readonly varying: readonly string[];
  /** Axes with one value in every result, and that value: said once, above the table. */
  readonly fixed: readonly (readonly [string, string])[];
  /** Whether the results hold more than one mode. */
  readonly modeVaries: boolean;
}

/** Reads the layout from the results (every axis any result declares, in first-seen order). */
export function axisLayout(rows: readonly ResultRow[]): AxisLayout {
  const axes = [...new Set(rows.flatMap((row) => row.axes))];
  const valuesOf = (axis: string) => new Set(rows.map((row) => row.params[axis] ?? NOT_APPLICABLE));
  return {
    varying: axes.filter((axis) => valuesOf(axis).size > 1),
    fixed: axes.flatMap((axis) => {
      const values = [...valuesOf(axis)];
      return values.length === 1 ? [[axis, values[0]!] as const] : [];
    }),
    modeVaries: new Set(rows.map((row) => row.mode)).size > 1,
  };
}

/** The distinct values of an axis in order (numbers numerically). */
export function axisValues(rows: readonly ResultRow[], axis: string): string[] {
  return [...new Set(rows.map((row) => row.params[axis] ?? NOT_APPLICABLE))].sort(compareParamValues);
}

/** Whether every value of an axis is a number (then it is plotted and sorted as one). */
export function isNumericAxis(rows: readonly ResultRow[], axis: string): boolean {
  return axisValues(rows, axis).every((value) => value.trim() !== '' && Number.isFinite(Number(value)));
}

/** "a 1, b 2" for the axes given, as sentences and captions write a combination. */
export function describeCombination(row: ResultRow, axes: readonly string[]): string {
  return axes.map((axis) => `${axis} ${paramDisplay(row, axis, NOT_APPLICABLE)}`).join(', ');
}
