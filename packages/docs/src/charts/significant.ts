/**
 * Numbers in a chart spec at four significant digits: more than a chart can show, and a spec that a
 * regeneration changes only where a number really moved (17 digits changed every line).
 */
export function significant(value: number): number {
  return Number(value.toPrecision(4));
}
