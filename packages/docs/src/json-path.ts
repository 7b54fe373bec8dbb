/** Formats a path the way people write JSON paths: `$[3].primaryMetric.rawData[0][2]`. */
export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let text = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/** One problem found in a report: where it is and what is wrong there. */
export interface ReportProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first number that is not finite, with its path. `JSON.parse` turns a literal too large
 * for a double (`1e999`) into Infinity, which no benchmark can have measured.
 */
export function findNonFiniteNumber(
  value: unknown,
  at: readonly PropertyKey[] = [],
): ReportProblem | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? undefined
      : { path: at, message: 'a number too large to be finite (a JSON literal such as 1e999)' };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNonFiniteNumber(item, [...at, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNonFiniteNumber(item, [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}
