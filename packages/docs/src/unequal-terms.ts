/**
 * Whether the two sides of an answer line were measured on the same terms. A benchmark records the
 * terms its forks ran on in `dbbench.facts` (e.g. a pool's driver and its settings); a ratio between
 * results whose recorded `settings` differ measures the settings as much as what the line asks about,
 * so the docs refuse it. Only `settings` records are compared: the axis a line compares (which driver,
 * prepared or not) is recorded beside them, and what a library does by design (`behaviour`) is not a
 * setting anyone chose.
 */
import type { ResultRow } from './result-row.js';

/** `<fact>.settings.<name>` → the values the results of one side recorded for it. */
function settingsOf(rows: readonly ResultRow[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const fork of row.dbbench?.facts ?? []) {
      for (const [factName, fact] of Object.entries(fork)) {
        if (fact === null || typeof fact !== 'object' || Array.isArray(fact)) continue;
        const settings = (fact as Record<string, unknown>)['settings'];
        if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) continue;
        for (const [name, value] of Object.entries(settings)) {
          const key = `${factName}.settings.${name}`;
          const values = found.get(key) ?? new Set<string>();
          values.add(JSON.stringify(value));
          found.set(key, values);
        }
      }
    }
  }
  return found;
}

/**
 * The settings the two sides recorded differently, as one phrase (`driver.settings.pipelining: "off"
 * against "on"`), or undefined when every setting both sides recorded agrees.
 */
export function unequalTerms(
  baseline: readonly ResultRow[],
  candidate: readonly ResultRow[],
): string | undefined {
  const ours = settingsOf(baseline);
  const theirs = settingsOf(candidate);
  const differences: string[] = [];
  for (const [key, values] of ours) {
    const other = theirs.get(key);
    if (other === undefined) continue;
    const same = values.size === other.size && [...values].every((value) => other.has(value));
    if (!same) differences.push(`${key}: ${[...values].join(' or ')} against ${[...other].join(' or ')}`);
  }
  return differences.length === 0 ? undefined : differences.join('; ');
}
