import { finiteScore, type ResultRow } from './result-row.js';
import { displayUnitName, timeDisplayUnit, unitKind } from './units.js';

/** How the scores of one table (and its chart) are shown: one unit, written in the header. */
export interface ScoreDisplay {
  /** The unit shown, e.g. `µs/op`, `ops/s`. */
  readonly unit: string;
  /** Factor from the recorded unit to the shown one. */
  readonly factor: number;
  /** The time unit percentiles are shown in (`µs`), for time-per-operation scores. */
  readonly timeUnit: string | undefined;
}

/**
 * Picks the unit for a set of results recorded in one score unit: a time per operation is shown
 * in the unit that makes its typical value read between 1 and 1000 (so 1,050 ms/op becomes
 * 1.05 s/op and 0.000104 s/op becomes 104 µs/op); any other unit is kept as recorded.
 */
export function scoreDisplay(rows: readonly ResultRow[]): ScoreDisplay {
  const recorded = rows[0]?.primary.scoreUnit ?? '';
  const kind = unitKind(recorded);
  if (kind.kind !== 'time' || !kind.perOp) {
    return { unit: displayUnitName(recorded), factor: 1, timeUnit: undefined };
  }
  const seconds = rows.flatMap((row) => {
    const score = row.status === 'ok' ? finiteScore(row.primary) : undefined;
    return score === undefined ? [] : [score * kind.seconds];
  });
  const chosen = timeDisplayUnit(seconds);
  return { unit: `${chosen.unit}/op`, factor: kind.seconds * chosen.factor, timeUnit: chosen.unit };
}
